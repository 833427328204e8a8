import { describe, expect, it } from "vitest";
import { contactInputSchema } from "~/core/schemas";
import { errorsFromIssues, validateContact } from "./validate";

const valid = {
  name: "Rahim",
  email: "rahim@example.com",
  phoneNumber: "01712345678",
  subject: "Delivery",
  description: "When will my order arrive?",
};

describe("contact form check in the browser", () => {
  it("shows the spec's five messages for an empty form", () => {
    expect(validateContact({})).toEqual({
      name: "Name is required",
      email: "Email is required",
      phoneNumber: "Phone Number is required",
      subject: "Subject is required",
      description: "Description is required",
    });
    expect(validateContact({ ...valid, subject: "   " })).toEqual({
      subject: "Subject is required",
    });
  });

  it("accepts a complete form and asks for a real email address", () => {
    expect(validateContact(valid)).toEqual({});
    expect(validateContact({ ...valid, email: "rahim" })).toEqual({
      email: "Enter a valid email address",
    });
  });

  it("agrees with the server schema's messages", () => {
    const tooLong = { ...valid, subject: "x".repeat(201), description: "y".repeat(5001) };
    for (const input of [
      {},
      { ...valid, email: "rahim" },
      { ...valid, name: "" },
      { ...valid, phoneNumber: "abc-xyz" },
      { ...valid, phoneNumber: "১২" },
      { ...valid, phoneNumber: "০১৭১২-৩৪৫৬৭৮" },
      tooLong,
      valid,
    ]) {
      const parsed = contactInputSchema.safeParse(input);
      const server = parsed.success
        ? {}
        : errorsFromIssues(
            parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
          );
      expect(validateContact(input)).toEqual(server);
    }
  });
});
