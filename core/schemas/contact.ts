import { z } from "zod";
import {
  CONTACT_EMAIL_PATTERN,
  CONTACT_FIELDS,
  type ContactField,
  INVALID_CONTACT_PHONE_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  isContactPhone,
  tooLongMessage,
} from "../contact";
import { asciiDigitsIfString } from "../digits";
import { withTypedLineBreaks } from "./common";

function rule(name: ContactField) {
  const f = CONTACT_FIELDS.find((field) => field.name === name) as (typeof CONTACT_FIELDS)[number];
  return z
    .string({ error: f.required })
    .overwrite(withTypedLineBreaks)
    .trim()
    .min(1, f.required)
    .max(f.max, tooLongMessage(f.label, f.max));
}

/** POST /api/contact and the Contact us action: the rules of core/contact.ts. */
export const contactInputSchema = z.object({
  name: rule("name"),
  email: rule("email").pipe(z.string().regex(CONTACT_EMAIL_PATTERN, INVALID_EMAIL_MESSAGE)),
  // Bengali digits are stored as ASCII, as the contact form converts them.
  phoneNumber: z.preprocess(
    asciiDigitsIfString,
    rule("phoneNumber").refine(isContactPhone, INVALID_CONTACT_PHONE_MESSAGE),
  ),
  subject: rule("subject"),
  description: rule("description"),
});

export type ContactInput = z.infer<typeof contactInputSchema>;
