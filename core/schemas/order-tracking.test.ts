import { describe, expect, it } from "vitest";
import { orderNumberSchema, trackPhoneSchema } from "./order-tracking";

describe("an order number as a customer types it", () => {
  it.each([
    ["100033", 100033],
    ["#100033", 100033],
    [" ১০০০৩৩ ", 100033],
    // How the number reads in Bengali, grouped in lakhs, or in thousands in English.
    ["১,০০,০৩৩", 100033],
    ["100,033", 100033],
    ["100 033", 100033],
  ])("reads %j as %d", (typed, number) => {
    expect(orderNumberSchema.parse(typed)).toBe(number);
  });

  it.each(["", "#", "abc", "1,,000", ",100", "100,", "0", "12345678901"])("refuses %j", (typed) => {
    expect(orderNumberSchema.safeParse(typed).success).toBe(false);
  });
});

describe("a phone as a customer types it on the tracking page", () => {
  it.each(["01712345678", "+8801712345678", "8801712345678", "০১৭১২৩৪৫৬৭৮"])(
    "reads %j",
    (typed) => {
      expect(trackPhoneSchema.parse(typed)).toBe("01712345678");
    },
  );
});
