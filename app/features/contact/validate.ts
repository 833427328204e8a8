import {
  CONTACT_FIELDS,
  type ContactErrors,
  type ContactField,
  contactErrors,
} from "~/core/contact";

export { CONTACT_FIELDS, type ContactErrors, type ContactField };

export type ContactValues = Record<ContactField, string>;

/** The contact form's check in the browser: the same rules as the server (core/contact.ts). */
export const validateContact = contactErrors;

export function contactValuesFrom(form: FormData): ContactValues {
  const get = (k: ContactField) => {
    const v = form.get(k);
    return typeof v === "string" ? v : "";
  };
  return {
    name: get("name"),
    email: get("email"),
    phoneNumber: get("phoneNumber"),
    subject: get("subject"),
    description: get("description"),
  };
}

/** The API's field issues as one message per field (the first one wins). */
export function errorsFromIssues(
  issues: readonly { path: string; message: string }[],
): ContactErrors {
  const errors: ContactErrors = {};
  for (const i of issues) {
    const key = i.path as ContactField;
    if (CONTACT_FIELDS.some((f) => f.name === key) && !errors[key]) errors[key] = i.message;
  }
  return errors;
}
