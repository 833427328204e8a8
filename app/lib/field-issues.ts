import type { z } from "zod";

/** Problems per form field, keyed by the body's top-level field name (`images.2` → `images`). */
export type FieldIssues = Record<string, string>;

type Issue = { path: string | readonly PropertyKey[]; message: string };

/** The first message for each field; issues without a path go under "form". */
export function issuesByField(issues: readonly Issue[]): FieldIssues {
  const byField: FieldIssues = {};
  for (const issue of issues) {
    const path = typeof issue.path === "string" ? issue.path.split(".") : issue.path.map(String);
    const field = path[0] || "form";
    byField[field] ??= issue.message;
  }
  return byField;
}

export function zodFieldIssues(error: z.ZodError): FieldIssues {
  return issuesByField(error.issues);
}

/**
 * What a page action answers when it refuses a change: the service's message and code, and the
 * field issues for the form to show under their fields (`issuesByField`). Every action returns
 * this one shape (app/lib/page-error.server.ts `pageError`), so no screen parses the API's
 * error envelope.
 */
export type ActionFailure = {
  ok: false;
  code: string;
  message: string;
  issues: { path: string; message: string }[];
  /** What the error carries besides (current prices for `price_changed`, `retryAfter`, ...). */
  details?: Record<string, unknown>;
};

/** True for an action's refusal (`actionData` may also be a success or undefined). */
export function isActionFailure(value: unknown): value is ActionFailure {
  return typeof value === "object" && value !== null && (value as { ok?: unknown }).ok === false;
}
