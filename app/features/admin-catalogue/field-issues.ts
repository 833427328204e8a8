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

/** The field issues of an API error answer (`{ error: { issues } }`), if it has any. */
export async function apiFieldIssues(res: Response): Promise<FieldIssues> {
  const body = (await res.json().catch(() => null)) as {
    error?: { issues?: Issue[]; message?: string };
  } | null;
  const issues = body?.error?.issues;
  return Array.isArray(issues) ? issuesByField(issues) : {};
}
