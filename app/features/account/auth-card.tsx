import type { ReactNode } from "react";
import { issueText } from "~/app/i18n/issues";
import { useI18n } from "~/app/i18n/use-i18n";

/** The frame of the sign-in pages: a centred card with a heading, readable on a phone. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto w-full max-w-[1200px] px-4 py-8 sm:py-12">
      <div className="card mx-auto w-full max-w-md border border-base-300 bg-base-100 shadow-md">
        <div className="card-body gap-4 p-6 sm:p-8">
          <h1 className="text-center text-2xl font-bold">{title}</h1>
          {intro ? <p className="text-center text-base-content/80">{intro}</p> : null}
          {children}
        </div>
      </div>
    </main>
  );
}

export function Field({
  label,
  name,
  type = "text",
  autoComplete,
  required = true,
  minLength,
  maxLength,
  hint,
  defaultValue,
  error,
}: {
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  minLength?: number;
  /** The server's limit (core/account.ts), so a browser never sends more. */
  maxLength?: number;
  hint?: string;
  /** What the visitor typed before the form came back (never a password). */
  defaultValue?: string;
  /** The action's message for this field, shown under it. */
  error?: string;
}) {
  const tr = useI18n();
  const id = `field-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        minLength={minLength}
        maxLength={maxLength}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`input w-full ${error ? "input-error" : ""}`}
      />
      {hint ? (
        <span id={`${id}-hint`} className="text-sm text-base-content/70">
          {hint}
        </span>
      ) : null}
      {error ? (
        <p
          id={`${id}-error`}
          className="text-sm font-medium text-red-700 in-data-[theme=dark]:text-red-300"
        >
          {issueText(tr, error)}
        </p>
      ) : null}
    </div>
  );
}

export function OrDivider() {
  const { t } = useI18n();
  return <div className="divider my-0 text-sm text-base-content/70">{t("auth.or")}</div>;
}

/**
 * An action's refusal in the page itself, for a visitor without JavaScript: the spec's notice
 * words (with scripts the same words come as the notice dialog).
 */
export function FormProblem({ title, text }: { title: string; text: string }) {
  return (
    <div role="alert" className="alert alert-warning">
      <span>
        <strong>{title}</strong> {text}
      </span>
    </div>
  );
}
