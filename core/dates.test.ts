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

describe("Dhaka time without Intl", () => {
  const intlDate = new Intl.DateTimeFormat("en-US", {
    timeZone: SHOP_TIME_ZONE,
    day: "2-digit",
    month: "short",
    year: "numeric",
  });
  const intlTime = new Intl.DateTimeFormat("en-US", {
    timeZone: SHOP_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
    hour12: true,
  });
  const parts = (format: Intl.DateTimeFormat, d: Date) =>
    Object.fromEntries(format.formatToParts(d).map((p) => [p.type, p.value]));

  it("writes what Intl's Asia/Dhaka writes from 2010 to 2040, at every hour of the day", () => {
    // 11 h 7 min: the instants walk through every hour and minute of the day over the years.
    const step = (11 * 60 + 7) * 60 * 1000;
    let mismatches = 0;
    for (let t = Date.UTC(2010, 0, 1); t < Date.UTC(2040, 0, 1); t += step) {
      const d = new Date(t);
      const date = parts(intlDate, d);
      const time = parts(intlTime, d);
      const expectedDate = `${date.day} ${date.month}, ${date.year}`;
      const expectedTime = `${time.hour}:${time.minute} ${time.dayPeriod?.toLowerCase()}`;
      if (formatOrderDate(d) !== expectedDate || formatOrderTime(d) !== expectedTime) mismatches++;
    }
    expect(mismatches).toBe(0);
  });
});
