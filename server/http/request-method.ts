import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";

/**
 * How a request's method reaches the routes (decision 083):
 * - HEAD is served as the GET it stands for. Hono already routes it to the GET handlers and sends
 *   the answer without its body; the request itself now says GET too, so the page pipeline, the
 *   guest page cache and the API's read cache give it the same headers as the GET (ETag,
 *   Cache-Control, Content-Type, the page's CSP), as RFC 9110 §9.3.2 asks and a CDN or a link
 *   checker relies on.
 * - TRACE answers 501 Not Implemented: the shop supports it for no address, and `new Request`
 *   throws on it, so a page, a media file or robots.txt answered 500. (Node's server itself
 *   closes a CONNECT and answers 400 to a method it does not know, TRACK among them.)
 */
export function requestMethod(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (method === "TRACE") return c.text("Not Implemented", 501);
    if (method === "HEAD") c.req.raw = new Request(c.req.raw, { method: "GET" });
    await next();
  };
}
