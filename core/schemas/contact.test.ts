import { describe, expect, it } from "vitest";
import { contactInputSchema } from "./contact";

const good = {
  name: "Karim",
  email: "karim@example.com",
  phoneNumber: "01812345678",
  subject: "Delivery time",
  description: "When will my order reach Sylhet?",
};

describe("contactInputSchema", () => {
  it("counts a line break of the description once, as the textarea does, though the form sends CRLF", () => {
    const typed = `${"ক".repeat(49)}\r\n`.repeat(100).trimEnd();
    const parsed = contactInputSchema.parse({ ...good, description: typed });
    expect(parsed.description.length).toBeLessThanOrEqual(5000);
    expect(parsed.description).not.toContain("\r");
  });

  it("takes a number the shop can call back, mobile or landline, and refuses anything else", () => {
    for (const phone of [
      "01812345678",
      "+880 1812-345678",
      "02-9123456",
      "(02) 912 3456",
      "০১৮১২৩৪৫৬৭৮",
    ]) {
      expect(contactInputSchema.safeParse({ ...good, phoneNumber: phone }).success, phone).toBe(
        true,
      );
    }
    for (const phone of ["abc-xyz", "12", "1", "0181234567890123", "call me", "01812345678 ext"]) {
      const r = contactInputSchema.safeParse({ ...good, phoneNumber: phone });
      expect(r.success, phone).toBe(false);
      expect(
        r.error?.issues.map((i) => [i.path.join("."), i.message]),
        phone,
      ).toEqual([["phoneNumber", "Enter a phone number we can call back"]]);
    }
  });

  it("accepts a complete message, trimmed", () => {
    expect(contactInputSchema.parse({ ...good, name: "  Karim " }).name).toBe("Karim");
  });

  it("uses the spec's messages for empty or missing fields", () => {
    const r = contactInputSchema.safeParse({
      name: "",
      email: "  ",
      subject: "",
      description: "",
    });
    expect(r.success).toBe(false);
    const byPath = Object.fromEntries(
      r.error?.issues.map((i) => [i.path.join("."), i.message]) ?? [],
    );
    expect(byPath).toEqual({
      name: "Name is required",
      email: "Email is required",
      phoneNumber: "Phone Number is required",
      subject: "Subject is required",
      description: "Description is required",
    });
  });

  it("checks the email address and bounds the lengths", () => {
    const r = contactInputSchema.safeParse({ ...good, email: "karim@" });
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["email", "Enter a valid email address"],
    ]);
    for (const [key, max] of [
      ["name", 100],
      ["subject", 200],
      ["description", 5000],
    ] as const) {
      expect(contactInputSchema.safeParse({ ...good, [key]: "x".repeat(max) }).success).toBe(true);
      expect(contactInputSchema.safeParse({ ...good, [key]: "x".repeat(max + 1) }).success).toBe(
        false,
      );
    }
    // A phone number of 20 characters is taken, of 21 refused (14 digits in both).
    expect(
      contactInputSchema.safeParse({ ...good, phoneNumber: "+880 (1712) 345 6789" }).success,
    ).toBe(true);
    expect(
      contactInputSchema.safeParse({ ...good, phoneNumber: "+880 (1712) 345- 6789" }).success,
    ).toBe(false);
  });
});

describe("Bengali digits in a contact message", () => {
  it("stores the phone number in ASCII digits", () => {
    expect(contactInputSchema.parse({ ...good, phoneNumber: "০১৭১২-৩৪৫৬৭৮" }).phoneNumber).toBe(
      "01712-345678",
    );
  });
});
