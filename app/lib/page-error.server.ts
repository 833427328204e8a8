import { STATUS_CODES } from "node:http";
import { data } from "react-router";
import { AppError, RateLimitedError } from "~/server/errors";
import type { ActionFailure } from "./field-issues";

/**
 * The response init of a page refusal: its status and that status's own reason phrase (React
 * Router writes "Internal Server Error" into the page's data for a thrown `data()` without one).
 */
export function refusalInit(status: number, headers?: HeadersInit): ResponseInit {
  return { status, statusText: STATUS_CODES[status] ?? "", ...(headers ? { headers } : {}) };
}

/**
 * The one way an `AppError` becomes a page response, with the error's status: the service's code
 * and message, the field issues, and what else the error carries (current prices for
 * `price_changed`, `retryAfter`). An action returns it (the form shows the issues under their
 * fields); a loader throws it (the route's error boundary shows the page for the status).
 * Anything that is not an `AppError` is not ours to explain and goes on to the error page.
 */
export function pageError(err: unknown) {
  if (!(err instanceof AppError)) throw err;
  const failure: ActionFailure = {
    ok: false,
    code: err.code,
    message: err.message,
    issues: err.issues ?? [],
    ...(err.details ? { details: err.details } : {}),
  };
  const headers: HeadersInit =
    err instanceof RateLimitedError ? { "Retry-After": String(err.retryAfter) } : {};
  return data(failure, refusalInit(err.status, headers));
}

/** Runs a loader's service call; a refusal becomes the page's error (404, 400, ...). */
export async function orPageError<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (err) {
    throw pageError(err);
  }
}
