import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { replaceAnswer } from "./answer";

/** Below this a gzip header costs more than it saves (hono's default too). */
export const THRESHOLD = 1024;

/** Answers the app builds whole in memory: API JSON and rendered pages. */
const WHOLE = /^\s*(?:application\/(?:[\w.-]+\+)?json|text\/html)\b/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** Whether Accept-Encoding allows `encoding` (by name or `*`, with a q above 0). */
export function acceptsEncoding(header: string | undefined, encoding: "br" | "gzip"): boolean {
  if (!header) return false;
  return header.split(",").some((entry) => {
    const [name = "", ...params] = entry.split(";").map((x) => x.trim().toLowerCase());
    if (name !== encoding && name !== "*") return false;
    const q = params.find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** The packing a client gets: Brotli when it takes it, else gzip, else none. */
export function preferredEncoding(header: string | undefined): "br" | "gzip" | undefined {
  if (acceptsEncoding(header, "br")) return "br";
  return acceptsEncoding(header, "gzip") ? "gzip" : undefined;
}

/**
 * Brotli for text: at quality 4 it packs a page smaller than gzip's default level and in less
 * time; 5 packs a little smaller again for what is packed once and sent many times (decision 066).
 */
export function packBrotli(bytes: Uint8Array, quality: 4 | 5): Uint8Array<ArrayBuffer> {
  return new Uint8Array(
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }),
  );
}

/**
 * Brotli or gzip for what the server sends. Hono's `compress` packs every answer without a Content-Length
 * through a web CompressionStream, and `c.json()` sets none: a 15-byte JSON answer to a browser
 * cost a stream and a zlib instance of its own (decision 065). Answers built whole (JSON, pages)
 * to a client that takes Brotli or gzip are measured here: under 1 kB they go as they are, with
 * their length; above, packed by one zlib call in place, Brotli when the client takes it (on the
 * thread pool, every page waiting there held its bytes twice and the server's memory rose past
 * its budget). Everything else (scripts, styles, the CSV export's
 * stream) keeps hono's streaming compression.
 */
export function compression(): MiddlewareHandler {
  const streamed = compress({ threshold: THRESHOLD });
  return async (c, next) => {
    await streamed(c, async () => {
      await next();
      const encoding = preferredEncoding(c.req.header("Accept-Encoding"));
      // A client that takes neither gets the answer as it is (hono adds Vary where it matters).
      if (encoding && isWhole(c)) await packWhole(c, encoding);
    });
  };
}

/** The headers first: reading `body` turns an answer already packed (a cached page) into a stream. */
function isWhole(c: Context): boolean {
  const res = c.res;
  return (
    c.req.method !== "HEAD" &&
    res.status !== 206 &&
    !res.headers.has("Content-Encoding") &&
    !res.headers.has("Transfer-Encoding") &&
    WHOLE.test(res.headers.get("Content-Type") ?? "") &&
    res.body !== null
  );
}

function pack(bytes: Uint8Array, encoding: "br" | "gzip"): Uint8Array<ArrayBuffer> {
  return encoding === "br" ? packBrotli(bytes, 4) : new Uint8Array(gzipSync(bytes));
}

/** Sets the answer's length, or packs it in `encoding` when that is worth it. */
async function packWhole(c: Context, encoding: "br" | "gzip"): Promise<void> {
  const whole = c.res;
  const bytes = new Uint8Array(await whole.arrayBuffer());
  const packed =
    bytes.byteLength >= THRESHOLD && !NO_TRANSFORM.test(whole.headers.get("Cache-Control") ?? "");
  const body = packed ? pack(bytes, encoding) : bytes;
  // From plain parts: a Response built on the old one would be read from it as a stream.
  replaceAnswer(c, new Response(body, { status: whole.status, headers: whole.headers }));
  const headers = c.res.headers;
  headers.set("Content-Length", String(body.byteLength));
  if (!packed) return;
  const vary = headers.get("Vary");
  if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? "")) {
    headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  }
  headers.set("Content-Encoding", encoding);
  const etag = headers.get("ETag");
  if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
}
