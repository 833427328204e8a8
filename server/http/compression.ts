import { gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { acceptsGzip } from "./guest-page-cache";

/** Below this a gzip header costs more than it saves (hono's default too). */
const THRESHOLD = 1024;

/** Answers the app builds whole in memory: API JSON and rendered pages. */
const WHOLE = /^\s*(?:application\/(?:[\w.-]+\+)?json|text\/html)\b/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * gzip for what the server sends. Hono's `compress` packs every answer without a Content-Length
 * through a web CompressionStream, and `c.json()` sets none: a 15-byte JSON answer to a browser
 * cost a stream and a zlib instance of its own (decision 065). Answers built whole (JSON, pages)
 * to a client that takes gzip are measured here: under 1 kB they go as they are, with their length; above, packed by one zlib
 * call in place (on the thread pool, every page waiting there held its bytes twice and the
 * server's memory rose past its budget). Everything else (scripts, styles, the CSV export's
 * stream) keeps hono's streaming compression.
 */
export function compression(): MiddlewareHandler {
  const streamed = compress({ threshold: THRESHOLD });
  return async (c, next) => {
    await streamed(c, async () => {
      await next();
      if (isWhole(c)) await packWhole(c);
    });
  };
}

function isWhole(c: Context): boolean {
  const res = c.res;
  return (
    // A client that takes no gzip gets the answer as it is (hono adds Vary where it matters).
    acceptsGzip(c.req.header("Accept-Encoding")) &&
    res.body !== null &&
    c.req.method !== "HEAD" &&
    res.status !== 206 &&
    !res.headers.has("Content-Encoding") &&
    !res.headers.has("Transfer-Encoding") &&
    WHOLE.test(res.headers.get("Content-Type") ?? "")
  );
}

/** Sets the answer's length, or packs it with gzip when that is worth it. */
async function packWhole(c: Context): Promise<void> {
  const bytes = new Uint8Array(await c.res.arrayBuffer());
  const packed =
    bytes.byteLength >= THRESHOLD && !NO_TRANSFORM.test(c.res.headers.get("Cache-Control") ?? "");
  const body = packed ? new Uint8Array(gzipSync(bytes)) : bytes;
  c.res = new Response(body, c.res);
  const headers = c.res.headers;
  headers.set("Content-Length", String(body.byteLength));
  if (!packed) return;
  const vary = headers.get("Vary");
  if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? "")) {
    headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  }
  headers.set("Content-Encoding", "gzip");
  const etag = headers.get("ETag");
  if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
}
