import { data } from "react-router";
import { AppError, errorBody, RateLimitedError } from "../../server/errors";

/** What a page gets from a refused change or load: the API's error body, read by the screen. */
export type PageError = ReturnType<typeof errorBody>["error"];

/**
 * The one way an `AppError` becomes a page response: the API's error body (code, message, field
 * issues, details such as current prices) with the error's status. A loader throws it (the
 * route's error boundary shows the message); an action returns it (the form shows the issues
 * under their fields). Anything else is not ours to explain and goes on to the error page.
 */
export function pageError(err: unknown) {
  if (!(err instanceof AppError)) throw err;
  const headers: HeadersInit =
    err instanceof RateLimitedError ? { "Retry-After": String(err.retryAfter) } : {};
  return data(errorBody(err), { status: err.status, headers });
}

/** Runs a loader's service call; a refusal becomes the page's error (404, 400, ...). */
export async function orPageError<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (err) {
    throw pageError(err);
  }
}
