import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";

/**
 * Measured with the bench's load section (PostgreSQL, 100,000 products, 20 connections): peak RSS
 * 205 MB without a limit, 189 MB with 2, at the same pages per second (docs/decisions/028).
 */
export const PAGE_RENDERS_AT_ONCE = 2;

/**
 * At most `limit` pages are rendered at once; the others wait their turn in arrival order.
 * Rendering is CPU work on the one thread, so a queue costs no throughput, while every page in
 * flight holds its React tree and its copies of the HTML until it is buffered (for its ETag and
 * its scripts) and sent on (decision 028).
 *
 * Two halves, so that only pages wait and a turn lasts until the page is complete:
 * - `gate`, mounted last before React Router (after the API, media and health routes), takes a
 *   turn for each request that reaches it, waiting while all are taken;
 * - `scope`, mounted outside the middleware that buffers pages, gives a turn taken inside back
 *   once the answer is complete. Requests answered before the gate never wait.
 */
export function renderLimit(limit: number): {
  scope: MiddlewareHandler<AppEnv>;
  gate: MiddlewareHandler<AppEnv>;
} {
  let running = 0;
  const waiting: (() => void)[] = [];
  const take = async () => {
    if (running < limit) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const giveBack = () => {
    const turn = waiting.shift();
    if (turn) turn();
    else running -= 1;
  };
  return {
    scope: async (c, next) => {
      let held = false;
      c.set("takeRenderTurn", async () => {
        await take();
        held = true;
      });
      try {
        await next();
      } finally {
        if (held) giveBack();
      }
    },
    gate: async (c, next) => {
      await c.get("takeRenderTurn")?.();
      await next();
    },
  };
}
