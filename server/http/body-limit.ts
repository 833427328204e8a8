import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";

/**
 * Refuses a request body over `maxSize` bytes with 413 and `message` before any handler reads it: a declared
 * Content-Length is checked without reading, a body sent without one (chunked) is read up to
 * the limit and handed on as a buffer.
 *
 * hono/body-limit does the same but rebuilds the request as `new Request(c.req.raw, …)`, which
 * throws on the Node adapter's request object in the production server: every bodiless DELETE
 * and every chunked body was answered 500. Here the request is rebuilt from its parts.
 */
export function bodyLimit(maxSize: number, message: string) {
  const tooLarge = () => new HTTPException(413, { message });
  return createMiddleware(async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const declared = raw.headers.get("content-length");
    if (declared !== null && !raw.headers.has("transfer-encoding")) {
      if (Number.parseInt(declared, 10) > maxSize) throw tooLarge();
      return next();
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = raw.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxSize) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.url, {
      method: raw.method,
      headers: raw.headers,
      body: Buffer.concat(chunks),
      signal: raw.signal,
    });
    return next();
  });
}
