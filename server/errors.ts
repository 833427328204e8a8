import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";

export type AppErrorCode =
  | "invalid"
  | "unauthorized"
  | "forbidden"
  | "cross_site"
  | "not_found"
  | "method_not_allowed"
  | "conflict"
  | "price_changed"
  | "duplicate_order"
  | "out_of_stock"
  | "payload_too_large"
  | "rate_limited"
  | "courier_unavailable"
  | "parcel_booked";

export type FieldIssue = { path: string; message: string };

const STATUS: Record<AppErrorCode, ContentfulStatusCode> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  cross_site: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  price_changed: 409,
  duplicate_order: 409,
  out_of_stock: 409,
  payload_too_large: 413,
  rate_limited: 429,
  courier_unavailable: 502,
  parcel_booked: 409,
};

/** The one error type services throw; `errorBody` turns it into the API's error shape. */
export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  get status(): ContentfulStatusCode {
    return STATUS[this.code];
  }

  static notFound(what: string): AppError {
    return new AppError("not_found", `${what} not found`);
  }

  static fromZod(error: ZodError, message = "Some fields are not valid"): AppError {
    return new AppError("invalid", message, zodIssues(error));
  }
}

/** Seconds as the wait a person reads: "45 seconds", "1 minute", "7 minutes". */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** 429 rate_limited; the API adds `Retry-After: <retryAfter>` and `error.retryAfter`. */
export class RateLimitedError extends AppError {
  override name = "RateLimitedError";
  constructor(readonly retryAfter: number) {
    super(
      "rate_limited",
      `Too many requests. Please try again in ${waitText(retryAfter)}.`,
      undefined,
      { retryAfter },
    );
  }
}

export function zodIssues(error: ZodError): FieldIssue[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

export type ErrorBody = {
  error: {
    code: AppErrorCode | "internal";
    message: string;
    issues?: FieldIssue[];
  } & Record<string, unknown>;
};

export function errorBody(err: AppError): ErrorBody {
  return {
    error: {
      ...err.details,
      code: err.code,
      message: err.message,
      ...(err.issues ? { issues: err.issues } : {}),
    },
  };
}

export const INTERNAL_ERROR_BODY: ErrorBody = {
  error: { code: "internal", message: "Something went wrong on our side. Please try again." },
};
