import type { Context } from "hono";

/**
 * Sets a header on the answer a middleware got back from `next()`, in place. Not `c.header()`:
 * once the answer is set, hono's `c.header()` copies it from its `body`, and reading the body of
 * @hono/node-server's light Response turns a whole answer (a cached page's bytes, a JSON text)
 * into a web stream, written out chunk by chunk instead of in one `end()` (decision 082).
 * An answer whose headers are immutable (`Response.redirect`) is copied once first.
 */
export function setAnswerHeader(c: Context, name: string, value: string): Headers {
  try {
    c.res.headers.set(name, value);
  } catch {
    const copy = new Response(c.res.body, c.res);
    c.res = undefined;
    c.res = copy;
    c.res.headers.set(name, value);
  }
  return c.res.headers;
}
