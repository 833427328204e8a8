import { describe, expect, it } from "vitest";
import { formatOrderDate, formatOrderTime, SHOP_TIME_ZONE } from "./dates";

describe("order dates in Dhaka time", () => {
  it("uses Asia/Dhaka", () => {
    expect(SHOP_TIME_ZONE).toBe("Asia/Dhaka");
  });

  it("formats the date as 05 Mar, 2025", () => {
    expect(formatOrderDate(new Date("2025-03-05T06:00:00Z"))).toBe("05 Mar, 2025");
    expect(formatOrderDate("2025-09-21T10:00:00Z")).toBe("21 Sep, 2025");
  });

  it("moves to the next day at 18:00 UTC (midnight in Dhaka)", () => {
    expect(formatOrderDate("2025-03-05T17:59:59Z")).toBe("05 Mar, 2025");
    expect(formatOrderDate("2025-03-05T18:00:00Z")).toBe("06 Mar, 2025");
    expect(formatOrderDate("2024-12-31T18:30:00Z")).toBe("01 Jan, 2025");
    expect(formatOrderDate("2025-01-01T00:30:00Z")).toBe("01 Jan, 2025");
    expect(formatOrderDate("2024-02-28T18:00:00Z")).toBe("29 Feb, 2024");
  });

  it("formats the time as hh:mm with lowercase am/pm", () => {
    expect(formatOrderTime("2025-03-05T15:05:00Z")).toBe("09:05 pm");
    expect(formatOrderTime("2025-03-05T03:07:00Z")).toBe("09:07 am");
    expect(formatOrderTime("2025-03-05T06:00:00Z")).toBe("12:00 pm");
    expect(formatOrderTime("2025-03-05T18:00:00Z")).toBe("12:00 am");
    expect(formatOrderTime("2025-03-05T17:59:00Z")).toBe("11:59 pm");
    expect(formatOrderTime("2025-03-05T23:45:00Z")).toBe("05:45 am");
  });

  it("does not depend on the machine's time zone (no DST in Dhaka)", () => {
    expect(formatOrderTime("2025-07-01T00:00:00Z")).toBe("06:00 am");
    expect(formatOrderTime("2025-01-01T00:00:00Z")).toBe("06:00 am");
  });

  it("accepts offsets in ISO strings", () => {
    expect(formatOrderDate("2025-03-06T00:15:00+06:00")).toBe("06 Mar, 2025");
    expect(formatOrderTime("2025-03-06T00:15:00+06:00")).toBe("12:15 am");
  });

  it("throws on an invalid date", () => {
    expect(() => formatOrderDate("not a date")).toThrow(RangeError);
    expect(() => formatOrderTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
