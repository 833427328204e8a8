import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { notify } from "~/app/components/dialogs";
import { issueText } from "~/app/i18n/issues";
import { useI18n } from "~/app/i18n/use-i18n";
import { toAsciiDigits } from "~/core/digits";
import {
  CONTACT_FIELDS,
  type ContactErrors,
  type ContactField,
  contactValuesFrom,
  validateContact,
} from "./validate";

type Result =
  | { ok: true; insertedId: string }
  | {
      ok: false;
      errors: ContactErrors;
      values: Record<ContactField, string>;
      /** A refusal not about one field (too many messages). */
      message?: string;
    };

export const CONTACT_SUCCESS = {
  title: "Message Sent!",
  text: "Thank you for contacting us. We will get back to you soon.",
};

/**
 * Name, Email, Phone Number, Subject and Description, all required (spec §5). Without
 * JavaScript the form posts to the route action; with it, a fetcher does, after the same
 * check in the browser.
 */
export function ContactForm({ initial }: { initial?: Result }) {
  const fetcher = useFetcher<Result>();
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.data ?? initial;
  const [errors, setErrors] = useState<ContactErrors>(initial && !initial.ok ? initial.errors : {});
  const handled = useRef<unknown>(initial);
  const tr = useI18n();
  const { t } = tr;
  const sent = useMemo(
    () => ({ title: t("contact.sent.title"), text: t("contact.sent.text") }),
    [t],
  );

  useEffect(() => {
    const r = fetcher.data;
    if (fetcher.state !== "idle" || !r || handled.current === r) return;
    handled.current = r;
    if (r.ok) {
      formRef.current?.reset();
      setErrors({});
      notify({ icon: "success", ...sent });
    } else {
      setErrors(r.errors);
    }
  }, [fetcher.state, fetcher.data, sent]);

  const values = result && !result.ok ? result.values : undefined;
  const busy = fetcher.state !== "idle";

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      aria-labelledby="contact-form-heading"
      className="grid gap-4"
      onSubmit={(e) => {
        const found = validateContact(contactValuesFrom(new FormData(e.currentTarget)));
        setErrors(found);
        const first = CONTACT_FIELDS.find((f) => found[f.name]);
        if (first) {
          e.preventDefault();
          e.currentTarget.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
        }
      }}
    >
      {initial?.ok && !fetcher.data ? (
        <div role="status" className="alert alert-success">
          <span>
            <strong>{sent.title}</strong> {sent.text}
          </span>
        </div>
      ) : null}
      {result && !result.ok && result.message ? (
        <div role="alert" className="alert alert-error">
          <span>
            <strong>{t("contact.notSent")}</strong> {issueText(tr, result.message)}
          </span>
        </div>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        {CONTACT_FIELDS.map((f) => {
          const id = `contact-${f.name}`;
          const error = errors[f.name];
          const common = {
            id,
            name: f.name,
            autoComplete: f.autoComplete,
            defaultValue: values?.[f.name] ?? "",
            "aria-invalid": error ? true : undefined,
            "aria-describedby": error ? `${id}-error` : undefined,
            "aria-required": true,
            onInput: (e: FormEvent<HTMLInputElement | HTMLTextAreaElement>) => {
              // Bengali digits typed or pasted into the phone number become ASCII digits.
              if (f.name === "phoneNumber") {
                const input = e.currentTarget;
                const ascii = toAsciiDigits(input.value);
                if (ascii !== input.value) input.value = ascii;
              }
              if (errors[f.name]) setErrors((e) => ({ ...e, [f.name]: undefined }));
            },
          } as const;
          return (
            <div key={f.name} className={f.type === "textarea" ? "md:col-span-2" : undefined}>
              <label htmlFor={id} className="mb-1 block text-sm font-semibold">
                {t(`contact.field.${f.name}`)}{" "}
                <span aria-hidden="true" className="text-error">
                  *
                </span>
              </label>
              {f.type === "textarea" ? (
                <textarea
                  {...common}
                  rows={6}
                  maxLength={5000}
                  className={`textarea w-full ${error ? "textarea-error" : ""}`}
                />
              ) : (
                <input
                  {...common}
                  type={f.type}
                  maxLength={f.name === "phoneNumber" ? 20 : 200}
                  className={`input w-full ${error ? "input-error" : ""}`}
                />
              )}
              {error ? (
                <p
                  id={`${id}-error`}
                  className="mt-1 text-sm font-medium text-red-700 in-data-[theme=dark]:text-red-300"
                >
                  {issueText(tr, error)}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? <span className="spinner size-5" aria-hidden="true" /> : null}
          {busy ? t("contact.sending") : t("contact.submit")}
        </button>
      </div>
    </fetcher.Form>
  );
}
