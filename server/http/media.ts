import { Hono } from "hono";
import { isMediaWidth } from "~/core/media";
import type { AppContext } from "../app-context";
import { contentTypeOfKey, KEY_PATTERN, VARIANT_KEY_PATTERN, variantKey } from "../media/storage";
import { readMediaVariant } from "../media/variants";

const IMMUTABLE_HEADERS = {
  "Cache-Control": "public, max-age=31536000, immutable",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
};

/**
 * Serves stored images. Keys are content hashes, so a URL's bytes never change. `?w=` asks for a
 * resized WebP copy from the fixed list in core/media.ts (for srcset); other widths are refused.
 * The content type comes from the key alone, and only image types have keys, so nothing stored
 * here can ever be served as HTML or SVG. When the storage has a public address (S3_PUBLIC_URL),
 * the bytes are fetched from there: a permanent redirect, since the key never changes.
 */
export function createMediaRoutes(ctx: AppContext) {
  const media = new Hono();
  const redirect = (location: string) =>
    new Response(null, {
      status: 301,
      headers: { Location: location, "Cache-Control": IMMUTABLE_HEADERS["Cache-Control"] },
    });
  // Every answer, errors included: nothing under /media is ever a document a browser may run.
  media.use(async (c, next) => {
    await next();
    c.res.headers.set("X-Content-Type-Options", IMMUTABLE_HEADERS["X-Content-Type-Options"]);
    c.res.headers.set("Content-Security-Policy", IMMUTABLE_HEADERS["Content-Security-Policy"]);
  });
  media.get("/*", async (c) => {
    const key = c.req.path.replace(/^\/media\//, "");
    const w = c.req.query("w");
    if (w !== undefined) {
      const width = /^[0-9]{1,4}$/.test(w) ? Number(w) : Number.NaN;
      if (!isMediaWidth(width)) return c.text("Unsupported image width", 400);
      if (!KEY_PATTERN.test(key)) return c.text("Not found", 404);
      const direct = ctx.media.publicUrl?.(variantKey(key, width));
      if (direct) return redirect(direct);
      const variant = await readMediaVariant(ctx.media, key, width).catch(() => undefined);
      if (!variant) return c.text("Not found", 404);
      return c.body(new Uint8Array(variant), 200, {
        "Content-Type": "image/webp",
        ...IMMUTABLE_HEADERS,
      });
    }
    const type = contentTypeOfKey(key);
    if (!type || !(KEY_PATTERN.test(key) || VARIANT_KEY_PATTERN.test(key))) {
      return c.text("Not found", 404);
    }
    const direct = ctx.media.publicUrl?.(key);
    if (direct) return redirect(direct);
    const data = await ctx.media.read(key);
    if (!data) return c.text("Not found", 404);
    return c.body(new Uint8Array(data), 200, { "Content-Type": type, ...IMMUTABLE_HEADERS });
  });
  return media;
}
