import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { logger } from "../logger";
import { setAnswerHeader } from "./answer";
import type { AppEnv } from "./env";

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** One JSON log line per request, tied together by a request id the response echoes. */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    // Before the routes see it: a HEAD is served as its GET (request-method.ts).
    const method = c.req.method;
    const started = performance.now();
    try {
      await next();
    } finally {
      setAnswerHeader(c, "X-Request-Id", requestId);
      logger.info(
        {
          requestId,
          method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        "request",
      );
    }
  };
}
