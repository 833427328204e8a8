import { catalogueIssueText } from "~/app/i18n/dashboard/catalogue-issues";
import { useI18n } from "~/app/i18n/use-i18n";
import type { FieldIssues } from "~/app/lib/field-issues";

/** A catalogue form's issue of one field in the page's language (the rules write English). */
export function useIssueText(issues: FieldIssues): (key: string) => string | undefined {
  const tr = useI18n();
  return (key) => {
    const issue = issues[key];
    return issue ? catalogueIssueText(tr, issue) : undefined;
  };
}

/**
 * The end of the product and slide forms: the refusal no field owns (another admin's change
 * meanwhile, a failed save), then the save button with its busy word.
 */
export function FormEnd({
  issues,
  busy,
  label,
}: {
  issues: FieldIssues;
  busy: boolean;
  label: string;
}) {
  const issueOf = useIssueText(issues);
  const refusal = issueOf("updatedAt") ?? issueOf("form");
  return (
    <>
      {refusal ? (
        <p role="alert" className="text-error">
          {refusal}
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn btn-primary min-w-40" disabled={busy}>
          {label}
        </button>
      </div>
    </>
  );
}
