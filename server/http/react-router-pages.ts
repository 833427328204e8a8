import type { Context, MiddlewareHandler } from "hono";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { AppEnv } from "./env";

/**
 * React Router's answer to every request that reaches it, from one request handler made when the
 * server starts. react-router-hono-server makes a new handler for each request, and a new handler
 * derives the route table again (a static handler, every route flattened and ranked) before it
 * renders anything: work repeated on every page and `.data` request, the same each time.
 * Mounted last: nothing after it runs. The mode is read as the library reads it.
 */
export function reactRouterPages(
  build: ServerBuild,
  loadContext: (c: Context<AppEnv>) => RouterContextProvider,
): MiddlewareHandler<AppEnv> {
  const mode = process.env.NODE_ENV === "development" ? "development" : "production";
  const handle = createRequestHandler(build, mode);
  return (c) => handle(c.req.raw, loadContext(c));
}
