import { describe, expect, it } from "vitest";
import { quoteIdent, quoteLiteral, sqlValue } from "./sql-text";

describe("SQL text of a backup", () => {
  it("doubles quotes and leaves backslashes, newlines and Unicode as they are", () => {
    expect(quoteLiteral("it's a \\n\nনতুন")).toBe("'it''s a \\n\nনতুন'");
    expect(quoteIdent('we"ird')).toBe('"we""ird"');
  });

  it("writes NULL, booleans and plain numbers bare and everything else quoted", () => {
    expect(sqlValue(null, "other")).toBe("NULL");
    expect(sqlValue("true", "boolean")).toBe("true");
    expect(sqlValue("f", "boolean")).toBe("false");
    expect(sqlValue("-2147483648", "number")).toBe("-2147483648");
    expect(sqlValue("4.5", "number")).toBe("4.5");
    expect(sqlValue("NaN", "number")).toBe("'NaN'");
    expect(sqlValue("1e+300", "number")).toBe("'1e+300'");
    expect(sqlValue("2026-11-24 01:28:04.123456+00", "other")).toBe(
      "'2026-11-24 01:28:04.123456+00'",
    );
  });
});
