import { Hono } from "hono";
import { isMediaWidth } from "../../core/media";
import type { AppContext } from "../app-context";
import { MEDIA_CONTENT_TYPES } from "../media/storage";
import { readMediaVariant } from "../media/variants";

const ORIGINAL_KEY = /^[a-f0-9]{2}\/[a-f0-9]{32}\.(webp|jpg|png|avif)$/;

const IMMUTABLE_HEADERS = {
  "Cache-Control": "public, max-age=31536000, immutable",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
};

/**
 * Serves stored images. Keys are content hashes, so a URL's bytes never change. `?w=` asks for a
 * resized WebP copy from the fixed list in core/media.ts (for srcset); other widths are refused.
 */
export function createMediaRoutes(ctx: AppContext) {
  const media = new Hono();
  media.get("/*", async (c) => {
    const key = c.req.path.replace(/^\/media\//, "");
    const w = c.req.query("w");
    if (w !== undefined) {
      const width = /^[0-9]{1,4}$/.test(w) ? Number(w) : Number.NaN;
      if (!isMediaWidth(width)) return c.text("Unsupported image width", 400);
      if (!ORIGINAL_KEY.test(key)) return c.text("Not found", 404);
      const variant = await readMediaVariant(ctx.media, key, width).catch(() => undefined);
      if (!variant) return c.text("Not found", 404);
      return c.body(new Uint8Array(variant), 200, {
        "Content-Type": "image/webp",
        ...IMMUTABLE_HEADERS,
      });
    }
    const data = await ctx.media.read(key);
    const type = MEDIA_CONTENT_TYPES[key.slice(key.lastIndexOf("."))];
    if (!data || !type) return c.text("Not found", 404);
    return c.body(new Uint8Array(data), 200, { "Content-Type": type, ...IMMUTABLE_HEADERS });
  });
  return media;
}
