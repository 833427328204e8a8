import { describe, expect, it } from "vitest";
import { formatOrderDate, formatOrderTime } from "./dates";
import { toAsciiDigits } from "./digits";
import {
  formatCount,
  formatDateIn,
  formatTakaIn,
  formatTimeIn,
  groupLakh,
  parseLang,
  toBengaliDigits,
} from "./locale";
import { formatTaka } from "./money";

describe("parseLang", () => {
  it("takes en and bn only", () => {
    expect(parseLang("bn")).toBe("bn");
    expect(parseLang("en")).toBe("en");
    expect(parseLang("BN")).toBeUndefined();
    expect(parseLang("fr")).toBeUndefined();
    expect(parseLang(null)).toBeUndefined();
  });
});

describe("Bengali numbers", () => {
  it("writes ০–৯ and round-trips through toAsciiDigits", () => {
    expect(toBengaliDigits("0123456789")).toBe("০১২৩৪৫৬৭৮৯");
    expect(toAsciiDigits(toBengaliDigits("01712-345678"))).toBe("01712-345678");
  });

  it("groups in lakhs and crores", () => {
    expect(groupLakh("0")).toBe("0");
    expect(groupLakh("999")).toBe("999");
    expect(groupLakh("1250")).toBe("1,250");
    expect(groupLakh("100000")).toBe("1,00,000");
    expect(groupLakh("1234567")).toBe("12,34,567");
    expect(groupLakh("123456789")).toBe("12,34,56,789");
  });

  it("prices: ৳ with Bengali digits and lakh grouping; English as formatTaka", () => {
    expect(formatTakaIn("bn", 1250)).toBe("৳১,২৫০");
    expect(formatTakaIn("bn", 1234567)).toBe("৳১২,৩৪,৫৬৭");
    expect(formatTakaIn("bn", 60)).toBe("৳৬০");
    expect(formatTakaIn("bn", 0)).toBe("৳০");
    expect(formatTakaIn("bn", -1250)).toBe("-৳১,২৫০");
    expect(formatTakaIn("bn", 1250.5, 2)).toBe("৳১,২৫০.৫০");
    for (const n of [0, 60, 1250, 1234567, 99.99]) {
      expect(formatTakaIn("en", n)).toBe(formatTaka(n));
      expect(formatTakaIn("en", n, 2)).toBe(formatTaka(n, 2));
    }
    expect(formatTakaIn("en", 1234567)).toBe("৳1,234,567");
  });

  it("counts", () => {
    expect(formatCount("bn", 3)).toBe("৩");
    expect(formatCount("bn", 125000)).toBe("১,২৫,০০০");
    expect(formatCount("en", 125000)).toBe("125000");
  });
});

describe("Bengali dates in Dhaka time", () => {
  it("day, Bengali month, year; the Dhaka date, not UTC's", () => {
    expect(formatDateIn("bn", "2025-03-05T10:00:00Z")).toBe("৫ মার্চ, ২০২৫");
    // 20:30 UTC on 31 Dec is 02:30 on 1 Jan in Dhaka.
    expect(formatDateIn("bn", "2025-12-31T20:30:00Z")).toBe("১ জানুয়ারি, ২০২৬");
    expect(formatDateIn("bn", new Date("2026-11-27T00:00:00Z"))).toBe("২৭ নভেম্বর, ২০২৬");
  });

  it("the time with the part of the day", () => {
    expect(formatTimeIn("bn", "2025-03-05T15:05:00Z")).toBe("রাত ৯:০৫");
    expect(formatTimeIn("bn", "2025-03-05T04:30:00Z")).toBe("সকাল ১০:৩০");
    expect(formatTimeIn("bn", "2025-03-05T06:00:00Z")).toBe("দুপুর ১২:০০");
  });

  it("English stays as today", () => {
    const d = "2025-03-05T15:05:00Z";
    expect(formatDateIn("en", d)).toBe(formatOrderDate(d));
    expect(formatTimeIn("en", d)).toBe(formatOrderTime(d));
  });
});
