import type { FieldIssues } from "~/app/lib/field-issues";

/**
 * The issues still to show after a field changed: a shown issue goes as soon as the core schema
 * no longer finds one for its field (`found` is the schema's answer for the form as it is now),
 * or takes the schema's current words. Nothing new appears while typing; issues the schema on
 * the page cannot check (the images, the server's own refusal under "form") stay until the next
 * submit.
 */
export function recheckedIssues(
  shown: FieldIssues,
  found: FieldIssues,
  uncheckable: readonly string[] = ["form", "images"],
): FieldIssues {
  const next: FieldIssues = {};
  for (const [field, message] of Object.entries(shown)) {
    if (uncheckable.includes(field)) next[field] = message;
    else if (found[field]) next[field] = found[field];
  }
  return next;
}
