import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { logger } from "../logger";
import { setAnswerHeader } from "./answer";
import type { AppEnv } from "./env";

const REQUEST_ID = /^[\w.-]{1,64}$/;
const CLIENT_CLOSED_REQUEST = 499;

/** A 500 for a request whose client went away (read only then: the signal costs an object). */
function leftBeforeTheAnswer(c: Context<AppEnv>): boolean {
  return c.res.status >= 500 && c.req.raw.signal.aborted;
}

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
          // A visitor who left before the answer (a closed tab, a dropped connection) got none:
          // 499, as nginx logs it, not the 500 React Router answers an aborted request with.
          status: leftBeforeTheAnswer(c) ? CLIENT_CLOSED_REQUEST : c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        "request",
      );
    }
  };
}
