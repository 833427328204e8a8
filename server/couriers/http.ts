import type { CourierName } from "~/core/courier";
import { CourierError } from "./courier";

/** How long one courier call may take before it counts as unanswered. */
export const COURIER_TIMEOUT_MS = 15_000;

export type CourierAnswer = { status: number; body: Record<string, unknown> };

/** Field messages of a Laravel-style validation answer (`errors: { field: [message] }`), in one line. */
export function validationText(body: Record<string, unknown>): string | null {
  const errors = body.errors;
  if (!errors || typeof errors !== "object") return null;
  const parts = Object.entries(errors as Record<string, unknown>).map(([field, messages]) => {
    const text = Array.isArray(messages) ? messages.join(" ") : String(messages);
    return `${field}: ${text}`;
  });
  return parts.length > 0 ? parts.join("; ") : null;
}

function messageOf(body: Record<string, unknown>, fallback: string): string {
  const fields = validationText(body);
  const message = typeof body.message === "string" ? body.message : "";
  return [message, fields].filter(Boolean).join(" — ") || fallback;
}

/**
 * One JSON call to a courier. A 2xx answer is returned; anything else becomes a CourierError
 * of the right kind (400/404/409/422 rejected, 401/403 unauthorized, 5xx and network failures
 * unavailable, no answer in time timeout), carrying the courier's own message.
 */
export async function courierRequest(
  courier: CourierName,
  url: string,
  init: { method: "GET" | "POST" | "PATCH"; headers: Record<string, string>; body?: unknown },
  timeoutMs: number = COURIER_TIMEOUT_MS,
): Promise<CourierAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: "application/json",
        ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
        ...init.headers,
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === "TimeoutError" || name === "AbortError") {
      throw new CourierError(
        courier,
        "timeout",
        `No answer from the courier within ${timeoutMs / 1000} s`,
      );
    }
    throw new CourierError(
      courier,
      "unavailable",
      `The courier could not be reached (${(err as Error).message})`,
    );
  }
  let body: Record<string, unknown> = {};
  const text = await response.text().catch(() => "");
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      body = parsed as Record<string, unknown>;
    }
  } catch {
    if (response.ok) {
      throw new CourierError(
        courier,
        "unavailable",
        "The courier answered something that is not JSON",
      );
    }
  }
  const status = response.status;
  if (status === 401 || status === 403) {
    throw new CourierError(
      courier,
      "unauthorized",
      messageOf(body, "The courier refused our keys"),
      status,
    );
  }
  if (status >= 500 || status === 429) {
    throw new CourierError(
      courier,
      "unavailable",
      messageOf(body, `The courier's server failed (${status})`),
      status,
    );
  }
  if (status >= 400) {
    throw new CourierError(
      courier,
      "rejected",
      messageOf(body, `The courier refused the request (${status})`),
      status,
    );
  }
  return { status, body };
}

/** A number the courier may send as a number or a numeric string; null otherwise. */
export function numberOrNull(x: unknown): number | null {
  if (typeof x === "number" && Number.isFinite(x)) return x;
  if (typeof x === "string" && x.trim() !== "" && Number.isFinite(Number(x))) return Number(x);
  return null;
}

export function textOrNull(x: unknown): string | null {
  if (typeof x === "string" && x.trim() !== "") return x.trim();
  if (typeof x === "number" && Number.isFinite(x)) return String(x);
  return null;
}
