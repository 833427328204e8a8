import { formatNumber } from "./money";

/**
 * The Contact us form's rules, once (spec §5): each field's label, its required message and its
 * longest value, and the email pattern. The API's zod schema (core/schemas/contact.ts) is built
 * from this table and the browser checks the form with `contactErrors` below, so the page ships
 * no schema library (docs/decisions/042) and the two can never disagree.
 */
export const CONTACT_FIELDS = [
  {
    name: "name",
    label: "Name",
    required: "Name is required",
    max: 100,
    type: "text",
    autoComplete: "name",
  },
  {
    name: "email",
    label: "Email",
    required: "Email is required",
    max: 254,
    type: "email",
    autoComplete: "email",
  },
  {
    name: "phoneNumber",
    label: "Phone Number",
    required: "Phone Number is required",
    max: 20,
    type: "tel",
    autoComplete: "tel",
  },
  {
    name: "subject",
    label: "Subject",
    required: "Subject is required",
    max: 200,
    type: "text",
    autoComplete: "off",
  },
  {
    name: "description",
    label: "Description",
    required: "Description is required",
    max: 5000,
    type: "textarea",
    autoComplete: "off",
  },
] as const;

export type ContactField = (typeof CONTACT_FIELDS)[number]["name"];
export type ContactErrors = Partial<Record<ContactField, string>>;

export const CONTACT_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVALID_EMAIL_MESSAGE = "Enter a valid email address";

/**
 * A number the shop can call back: digits (Bengali ones too), spaces, dashes or brackets, a
 * leading +, and 6 to 15 digits in all — a mobile (017…, +880 17…) or a landline (02-9…). Not
 * only the checkout's mobile rule: a shop is also phoned from offices.
 */
const CONTACT_PHONE_PATTERN = /^\+?[0-9০-৯()\s-]+$/;
export const INVALID_CONTACT_PHONE_MESSAGE = "Enter a phone number we can call back";

export function isContactPhone(text: string): boolean {
  const digits = text.replace(/[^0-9০-৯]/g, "").length;
  return CONTACT_PHONE_PATTERN.test(text) && digits >= 6 && digits <= 15;
}

export function tooLongMessage(label: string, max: number): string {
  return `${label} must be at most ${formatNumber(max)} characters`;
}

/** The form's problems, one message per field, by the rules above (what the server answers too). */
export function contactErrors(values: Partial<Record<ContactField, unknown>>): ContactErrors {
  const errors: ContactErrors = {};
  for (const f of CONTACT_FIELDS) {
    const v = values[f.name];
    const text = typeof v === "string" ? v.trim() : "";
    if (!text) errors[f.name] = f.required;
    else if (text.length > f.max) errors[f.name] = tooLongMessage(f.label, f.max);
  }
  const email = typeof values.email === "string" ? values.email.trim() : "";
  if (!errors.email && !CONTACT_EMAIL_PATTERN.test(email)) errors.email = INVALID_EMAIL_MESSAGE;
  const phone = typeof values.phoneNumber === "string" ? values.phoneNumber.trim() : "";
  if (!errors.phoneNumber && !isContactPhone(phone)) {
    errors.phoneNumber = INVALID_CONTACT_PHONE_MESSAGE;
  }
  return errors;
}
