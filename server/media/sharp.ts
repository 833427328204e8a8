import type SharpModule from "sharp";

let loading: Promise<typeof SharpModule> | undefined;

/**
 * sharp, loaded on first use: libvips and its thread pool cost ~15 MB of resident memory, and a
 * server that only serves stored images never needs them. libvips' operation cache is off:
 * every image here is processed once and stored, so the cache would only hold memory
 * (up to 50 MB by default).
 */
export function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
