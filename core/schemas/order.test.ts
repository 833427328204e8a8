import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { customerDataSchema, orderInputSchema, orderLineInputSchema } from "./order";

const customer = {
  name: " Rahim Uddin ",
  email: " Rahim@Example.com ",
  mobileNumber: "01712345678",
  district: "ঢাকা",
  thana: "মিরপুর",
  address: "House 12, Road 3, Section 10",
  deliveryArea: "Inside Dhaka",
};

const line = {
  id: "p_123",
  name: "Earbuds",
  imageUrl: "/media/a.webp",
  originalPrice: 1250,
  quantity: 2,
};

function issuePaths(result: z.ZodSafeParseResult<unknown>): string[] {
  return result.success ? [] : result.error.issues.map((i) => i.path.join("."));
}

describe("orderLineInputSchema", () => {
  it("defaults colour and size to N/A", () => {
    expect(orderLineInputSchema.parse(line)).toMatchObject({ color: "N/A", size: "N/A" });
    expect(orderLineInputSchema.parse({ ...line, color: "Red", size: "XL" })).toMatchObject({
      color: "Red",
      size: "XL",
    });
  });

  it("rejects bad ids, options and quantities", () => {
    expect(issuePaths(orderLineInputSchema.safeParse({ ...line, id: "" }))).toEqual(["id"]);
    expect(issuePaths(orderLineInputSchema.safeParse({ ...line, id: "x".repeat(65) }))).toEqual([
      "id",
    ]);
    expect(issuePaths(orderLineInputSchema.safeParse({ ...line, color: "Teal" }))).toEqual([
      "color",
    ]);
    expect(issuePaths(orderLineInputSchema.safeParse({ ...line, size: "4XL" }))).toEqual(["size"]);
    for (const quantity of [0, 100, 1.5, -1, "2"]) {
      expect(
        issuePaths(orderLineInputSchema.safeParse({ ...line, quantity })),
        String(quantity),
      ).toEqual(["quantity"]);
    }
    expect(orderLineInputSchema.safeParse({ ...line, quantity: 99 }).success).toBe(true);
  });
});

describe("customerDataSchema", () => {
  it("keeps hidden marks and control characters out of the name, address and note", () => {
    const parsed = customerDataSchema.parse({
      ...customer,
      name: "Rahim\u202e Uddin\u0007",
      address: "House 12\r\nBcc: x@y\u200b",
      comment: "Call\u001b[31m first\r\nthen ring",
    });
    expect(parsed).toMatchObject({
      name: "Rahim Uddin",
      address: "House 12 Bcc: x@y",
      comment: "Call[31m first\nthen ring",
    });
    // Bengali spelling's joiners stay: র‍্যাব is written with a zero-width joiner.
    expect(customerDataSchema.parse({ ...customer, name: "র\u200d্যাব" }).name).toBe("র\u200d্যাব");
    // A name made only of invisible characters is no name.
    for (const name of ["\u200b\u200b", "\u200d", "\u0007\u001b"]) {
      const refused = customerDataSchema.safeParse({ ...customer, name });
      expect(refused.success, JSON.stringify(name)).toBe(false);
      expect(refused.error?.issues.map((i) => i.message)).toContain("Name is required");
    }
  });

  it("accepts a complete customer and fills defaults", () => {
    expect(customerDataSchema.parse(customer)).toEqual({
      name: "Rahim Uddin",
      email: "rahim@example.com",
      mobileNumber: "01712345678",
      district: "ঢাকা",
      thana: "মিরপুর",
      address: "House 12, Road 3, Section 10",
      comment: "",
      addressType: "Home",
      deliveryArea: "Inside Dhaka",
      paymentSystem: "Cash On Delivery",
    });
  });

  it("stores the district and thana in the list's spelling", () => {
    const c = customerDataSchema.parse({
      ...customer,
      district: " ময়মনসিংহ ".normalize("NFD"),
      thana: "ভালুকা",
    });
    expect(c.district).toBe("ময়মনসিংহ");
  });

  it("stores a mobile number written with the country code or separators as its 11 digits", () => {
    for (const mobileNumber of [
      "+8801712345678",
      "8801712345678",
      "01712-345678",
      "01712 345678",
    ]) {
      expect(customerDataSchema.parse({ ...customer, mobileNumber }).mobileNumber).toBe(
        "01712345678",
      );
    }
  });

  it("stores a district and thana written in English under the list's Bengali names", () => {
    const parsed = customerDataSchema.parse({ ...customer, district: "dhaka", thana: "Mirpur" });
    expect([parsed.district, parsed.thana]).toEqual(["ঢাকা", "মিরপুর"]);
    // A thana of another district stays as written, and is refused as such.
    expect(
      issuePaths(customerDataSchema.safeParse({ ...customer, district: "Dhaka", thana: "Patiya" })),
    ).toEqual(["thana"]);
  });

  it("explains a bad mobile number", () => {
    for (const mobileNumber of ["0171234567", "01212345678", "+8801212345678", "017123456789"]) {
      const r = customerDataSchema.safeParse({ ...customer, mobileNumber });
      expect(issuePaths(r), mobileNumber).toEqual(["mobileNumber"]);
      expect(r.error?.issues[0]?.message).toBe(
        "Enter a Bangladesh mobile number: 11 digits, 01 then 3–9 then 8 more digits (e.g. 01712345678)",
      );
    }
  });

  it("asks for a missing field with the checkout page's words", () => {
    const r = customerDataSchema.safeParse({ ...customer, mobileNumber: "", name: undefined });
    expect(r.error?.issues.map((i) => [i.path[0], i.message]).sort()).toEqual([
      ["mobileNumber", "Mobile number is required"],
      ["name", "Name is required"],
    ]);
  });

  it("refuses a list or a scalar in place of the customer (no district check on it)", () => {
    for (const value of [[], [customer], "Rahim", 5]) {
      expect(customerDataSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it("requires a known district and a thana of that district", () => {
    expect(issuePaths(customerDataSchema.safeParse({ ...customer, district: "অজানা" }))).toEqual([
      "district",
    ]);
    expect(issuePaths(customerDataSchema.safeParse({ ...customer, district: "Dhakka" }))).toEqual([
      "district",
    ]);
    expect(issuePaths(customerDataSchema.safeParse({ ...customer, district: "চট্টগ্রাম" }))).toEqual([
      "thana",
    ]);
    expect(issuePaths(customerDataSchema.safeParse({ ...customer, thana: "" }))).toEqual(["thana"]);
  });

  it("checks the district even when other fields failed", () => {
    const r = customerDataSchema.safeParse({ ...customer, name: "", thana: "পাহাড়তলী" });
    expect(issuePaths(r).sort()).toEqual(["name", "thana"]);
  });

  it("rejects bad emails, areas, address types and payment systems", () => {
    expect(issuePaths(customerDataSchema.safeParse({ ...customer, email: "nope" }))).toEqual([
      "email",
    ]);
    expect(
      issuePaths(customerDataSchema.safeParse({ ...customer, deliveryArea: "Chattogram" })),
    ).toEqual(["deliveryArea"]);
    expect(issuePaths(customerDataSchema.safeParse({ ...customer, addressType: "Shop" }))).toEqual([
      "addressType",
    ]);
    expect(
      issuePaths(customerDataSchema.safeParse({ ...customer, paymentSystem: "bKash" })),
    ).toEqual(["paymentSystem"]);
    expect(issuePaths(customerDataSchema.safeParse({ ...customer, address: " " }))).toEqual([
      "address",
    ]);
    expect(
      issuePaths(customerDataSchema.safeParse({ ...customer, comment: "x".repeat(501) })),
    ).toEqual(["comment"]);
    // 480 letters and 20 line breaks: 500 as the textarea counts them, sent as CRLF (520).
    const typed = "ক".repeat(24).concat("\r\n").repeat(20);
    expect(customerDataSchema.parse({ ...customer, comment: typed }).comment).toBe(
      "ক".repeat(24).concat("\n").repeat(20).trim(),
    );
  });
});

describe("orderInputSchema", () => {
  const order = {
    date: "05 Mar, 2025",
    placedAt: "2025-03-05T06:00:00.000Z",
    time: "12:00 pm",
    subTotal: 2500,
    total: 2560,
    orderStatus: "Delivered",
    products: [line],
    customerData: { ...customer, deliveryCharge: 60 },
  };

  it("accepts the original client's body", () => {
    const o = orderInputSchema.parse(order);
    expect(o.products[0]).toMatchObject({ id: "p_123", quantity: 2, color: "N/A" });
    expect(o.customerData.deliveryCharge).toBe(60);
  });

  it("needs 1 to 50 lines", () => {
    expect(issuePaths(orderInputSchema.safeParse({ ...order, products: [] }))).toEqual([
      "products",
    ]);
    const many = Array.from({ length: 51 }, () => line);
    expect(issuePaths(orderInputSchema.safeParse({ ...order, products: many }))).toEqual([
      "products",
    ]);
  });

  it("puts nested issues on nested paths", () => {
    const r = orderInputSchema.safeParse({
      ...order,
      products: [line, { ...line, quantity: 0 }],
      customerData: { ...customer, thana: "ধানমন্ডি", district: "খুলনা" },
    });
    expect(issuePaths(r).sort()).toEqual(["customerData.thana", "products.1.quantity"]);
  });
});

describe("Bengali digits in an order", () => {
  it("accepts a mobile number in Bengali digits and keeps it in ASCII", () => {
    const parsed = customerDataSchema.parse({ ...customer, mobileNumber: "০১৭১২৩৪৫৬৭৮" });
    expect(parsed.mobileNumber).toBe("01712345678");
    expect(customerDataSchema.safeParse({ ...customer, mobileNumber: "০১২১২৩৪৫৬৭৮" }).success).toBe(
      false,
    );
  });
});
