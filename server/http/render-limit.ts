import type { MiddlewareHandler } from "hono";

/**
 * Measured with the bench's load section (PostgreSQL, 100,000 products, 20 connections): peak RSS
 * 205 MB without a limit, 189 MB with 2, at the same pages per second (docs/decisions/028).
 */
export const PAGE_RENDERS_AT_ONCE = 2;

/** Paths that never reach React Router's page renderer. */
const NOT_A_PAGE = /^\/(?:api|media|assets)(?:\/|$)/;

/**
 * At most `limit` pages are rendered at once; the others wait their turn in arrival order.
 * Rendering is CPU work on one thread, so a queue costs no throughput, while every render in
 * flight holds its React tree and its copies of the page's HTML (docs/decisions/028).
 * Must sit outside the middleware that buffers the page, so a turn ends with the page complete.
 */
export function renderLimit(limit: number): MiddlewareHandler {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (c, next) => {
    if (c.req.method !== "GET" || NOT_A_PAGE.test(c.req.path)) return next();
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      await next();
    } finally {
      const turn = waiting.shift();
      if (turn) turn();
      else running -= 1;
    }
  };
}
