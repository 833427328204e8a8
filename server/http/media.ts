import { Hono } from "hono";
import type { AppContext } from "../app-context";
import { MEDIA_CONTENT_TYPES } from "../media/storage";

/** Serves stored images. Keys are content hashes, so a URL's bytes never change. */
export function createMediaRoutes(ctx: AppContext) {
  const media = new Hono();
  media.get("/*", async (c) => {
    const key = c.req.path.replace(/^\/media\//, "");
    const data = await ctx.media.read(key);
    const type = MEDIA_CONTENT_TYPES[key.slice(key.lastIndexOf("."))];
    if (!data || !type) return c.text("Not found", 404);
    return c.body(new Uint8Array(data), 200, {
      "Content-Type": type,
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
  });
  return media;
}
