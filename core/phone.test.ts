import { describe, expect, it } from "vitest";
import {
  BD_MOBILE_PATTERN,
  isBangladeshMobile,
  MOBILE_NUMBER_LENGTH,
  MOBILE_NUMBER_MESSAGE,
  MOBILE_NUMBER_PLACEHOLDER,
  MOBILE_TOO_LONG_MESSAGE,
  normalizePhone,
} from "./phone";

describe("isBangladeshMobile", () => {
  it("accepts 11 digits starting 013–019", () => {
    for (const n of ["01312345678", "01712345678", "01812345678", "01999999999", "01400000000"]) {
      expect(isBangladeshMobile(n), n).toBe(true);
    }
    expect(MOBILE_NUMBER_LENGTH).toBe(11);
  });

  it("rejects other operators, lengths and formats", () => {
    for (const n of [
      "",
      "01212345678", // no such operator
      "01112345678",
      "02712345678",
      "0171234567", // 10 digits
      "017123456789", // 12 digits
      "+8801712345678",
      "8801712345678",
      "0171-234567",
      "0171 2345678",
      " 01712345678",
      "01712345678\n",
      "০১৭১২৩৪৫৬৭৮", // Bengali digits
      "-1712345678",
    ]) {
      expect(isBangladeshMobile(n), JSON.stringify(n)).toBe(false);
    }
  });

  it("exposes the pattern and the spec's message", () => {
    expect(BD_MOBILE_PATTERN.source).toBe("^01[3-9]\\d{8}$");
    expect(MOBILE_TOO_LONG_MESSAGE).toBe("Number must be 11 digit");
  });
});

describe("normalizePhone", () => {
  it("writes every spelling of one Bangladesh mobile the same way", () => {
    for (const n of [
      "01712345678",
      "+8801712345678",
      "+88 01712-345678",
      "008801712345678",
      "8801712345678",
      "(0171) 234 5678",
      "0171.234.5678",
    ]) {
      expect(normalizePhone(n), n).toBe("01712345678");
    }
  });

  it("keeps other numbers' digits apart", () => {
    expect(normalizePhone("+44 20 7946 0958")).toBe("+442079460958");
    expect(normalizePhone("02-9551234")).toBe("029551234");
    expect(normalizePhone("01812345678")).not.toBe(normalizePhone("01712345678"));
  });
});

describe("the mobile-number hint", () => {
  it("words the rule the pattern checks: 01, then 3–9, then 8 digits", () => {
    expect(MOBILE_NUMBER_MESSAGE).toContain("01 then 3–9 then 8 more digits");
    expect(isBangladeshMobile(MOBILE_NUMBER_PLACEHOLDER)).toBe(true);
  });
});
