import { z } from "zod";
import { asciiDigitsIfString } from "../digits";

function required(message: string, max: number) {
  return z.string({ error: message }).trim().min(1, message).max(max);
}

export const contactInputSchema = z.object({
  name: required("Name is required", 100),
  email: required("Email is required", 254).pipe(z.email("Enter a valid email address")),
  // Bengali digits are stored as ASCII, as the contact form converts them.
  phoneNumber: z.preprocess(asciiDigitsIfString, required("Phone Number is required", 20)),
  subject: required("Subject is required", 200),
  description: required("Description is required", 5000),
});

export type ContactInput = z.infer<typeof contactInputSchema>;
