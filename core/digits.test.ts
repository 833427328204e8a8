import { describe, expect, it } from "vitest";
import { asciiDigitsIfString, toAsciiDigits } from "./digits";

describe("toAsciiDigits", () => {
  it("turns Bengali digits into ASCII and keeps everything else", () => {
    expect(toAsciiDigits("০১৭১২৩৪৫৬৭৮")).toBe("01712345678");
    expect(toAsciiDigits("৳১,২৫০.৫০ মাত্র")).toBe("৳1,250.50 মাত্র");
    expect(toAsciiDigits("0171 abc")).toBe("0171 abc");
    expect(toAsciiDigits("")).toBe("");
  });

  it("leaves non-strings alone as a zod preprocess step", () => {
    expect(asciiDigitsIfString("৪৫")).toBe("45");
    expect(asciiDigitsIfString(45)).toBe(45);
    expect(asciiDigitsIfString(undefined)).toBeUndefined();
  });
});
