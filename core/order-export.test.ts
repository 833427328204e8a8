import { describe, expect, it } from "vitest";
import { parseOrderExportQuery } from "./order-export";

const parse = (query: string) => parseOrderExportQuery(new URLSearchParams(query));

describe("the CSV export's dates", () => {
  it("reads a day as its Dhaka midnight, and `to` as the end of that day", () => {
    expect(parse("from=2026-12-01&to=2026-12-01")).toEqual({
      ok: true,
      query: {
        statuses: [],
        from: new Date("2026-11-30T18:00:00Z"),
        to: new Date("2026-12-01T18:00:00Z"),
      },
    });
  });

  it.each(["2026-02-30", "2026-13-01", "0001-01-01", "1969-12-31", "2026-1-1", "tomorrow"])(
    "refuses %j as a field issue (year 1 once reached PostgreSQL as year 0: a 500)",
    (day) => {
      expect(parse(`from=${day}`)).toEqual({
        ok: false,
        issues: [{ path: "from", message: "A date as YYYY-MM-DD" }],
      });
    },
  );

  it("takes the last day of a leap February and the far future", () => {
    expect(parse("from=2028-02-29&to=9999-12-31").ok).toBe(true);
  });
});
