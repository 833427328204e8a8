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
    const bytes = await bytesUpTo(raw.body, maxSize);
    if (!bytes) throw tooLarge();
    c.req.raw = withBody(raw, bytes);
    return next();
  });
}

/** The request's body was larger than allowed (see {@link readWholeBody}). */
export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
}

/**
 * The request with its whole body read into memory, at most `maxSize` bytes: a declared
 * Content-Length over the limit is refused without reading, a body that runs past it (chunked, or
 * longer than declared) is refused at the first byte too many. Pages read their body this way
 * before they wait for a render turn, so a body still arriving never holds one (page-pipeline.ts).
 */
export async function readWholeBody(raw: Request, maxSize: number): Promise<Request> {
  // Checked first: the Node adapter builds a full Request the moment its body is looked at.
  if (raw.method === "GET" || raw.method === "HEAD" || !raw.body) return raw;
  const declared = raw.headers.get("content-length");
  if (declared !== null && Number.parseInt(declared, 10) > maxSize) throw new BodyTooLargeError();
  const bytes = await bytesUpTo(raw.body, maxSize);
  if (!bytes) throw new BodyTooLargeError();
  return withBody(raw, bytes);
}

/** The whole body, or null at its first byte past `maxSize` (the rest is not read). */
async function bytesUpTo(
  body: ReadableStream<Uint8Array>,
  maxSize: number,
): Promise<Buffer<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > maxSize) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
}

/** The request with its body in memory, rebuilt from its parts (see `bodyLimit`). */
function withBody(raw: Request, body: Buffer<ArrayBuffer>): Request {
  return new Request(raw.url, {
    method: raw.method,
    headers: raw.headers,
    body,
    signal: raw.signal,
  });
}
