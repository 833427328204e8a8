/**
 * The contact form's browser-side check (spec §5): the same messages as core/schemas/contact.ts,
 * in a few lines so the page never ships zod. The server checks again with the schema.
 */
export const CONTACT_FIELDS = [
  { name: "name", label: "Name", required: "Name is required", type: "text", autoComplete: "name" },
  {
    name: "email",
    label: "Email",
    required: "Email is required",
    type: "email",
    autoComplete: "email",
  },
  {
    name: "phoneNumber",
    label: "Phone Number",
    required: "Phone Number is required",
    type: "tel",
    autoComplete: "tel",
  },
  {
    name: "subject",
    label: "Subject",
    required: "Subject is required",
    type: "text",
    autoComplete: "off",
  },
  {
    name: "description",
    label: "Description",
    required: "Description is required",
    type: "textarea",
    autoComplete: "off",
  },
] as const;

export type ContactField = (typeof CONTACT_FIELDS)[number]["name"];
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateContact(values: Partial<Record<ContactField, unknown>>): ContactErrors {
  const errors: ContactErrors = {};
  for (const f of CONTACT_FIELDS) {
    const v = values[f.name];
    if (typeof v !== "string" || v.trim() === "") errors[f.name] = f.required;
  }
  const email = values.email;
  if (!errors.email && typeof email === "string" && !EMAIL.test(email.trim())) {
    errors.email = "Enter a valid email address";
  }
  return errors;
}

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
