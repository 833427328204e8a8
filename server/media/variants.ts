import type { MediaWidth } from "~/core/media";
import { loadSharp } from "./sharp";
import { type MediaStorage, variantKey } from "./storage";

/** Variants being made right now, so simultaneous first requests resize once. */
const inFlight = new Map<string, Promise<Buffer | undefined>>();

/**
 * The `width`-px WebP copy of the stored image `key` (never wider than the original), made with
 * sharp on first request and stored beside the original; later requests read the stored copy.
 * Undefined when the original does not exist.
 */
export async function readMediaVariant(
  media: MediaStorage,
  key: string,
  width: MediaWidth,
): Promise<Buffer | undefined> {
  const vkey = variantKey(key, width);
  const stored = await media.read(vkey);
  if (stored) return stored;
  let pending = inFlight.get(vkey);
  if (!pending) {
    pending = makeVariant(media, key, vkey, width).finally(() => inFlight.delete(vkey));
    inFlight.set(vkey, pending);
  }
  return pending;
}

async function makeVariant(
  media: MediaStorage,
  key: string,
  vkey: string,
  width: number,
): Promise<Buffer | undefined> {
  const original = await media.read(key);
  if (!original) return undefined;
  const sharp = await loadSharp();
  const data = await sharp(original)
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
  await media.writeVariant(vkey, data);
  return data;
}
