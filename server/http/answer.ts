import type { Context } from "hono";

/**
 * Puts `res` in place of the answer a middleware got back from `next()`. Assigning `c.res` over
 * an answer makes hono copy the new one from its `body` and set the old one's headers on it,
 * overriding the new one's; and reading the body of @hono/node-server's light Response turns an
 * answer built whole into a web stream, written out chunk by chunk (decision 082).
 */
export function replaceAnswer(c: Context, res: Response): void {
  c.res = undefined;
  c.res = res;
}

/**
 * Sets a header on the answer in place. Not `c.header()`: on a finished answer it copies the
 * answer from its `body` (see `replaceAnswer`). An answer whose headers are immutable
 * (`Response.redirect`) is copied once first.
 */
export function setAnswerHeader(c: Context, name: string, value: string): Headers {
  try {
    c.res.headers.set(name, value);
  } catch {
    replaceAnswer(c, new Response(c.res.body, c.res));
    c.res.headers.set(name, value);
  }
  return c.res.headers;
}
