import { describe, expect, it } from "vitest";
import { csvField, csvLine } from "./csv";

describe("csv", () => {
  it("quotes commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField("plain")).toBe("plain");
  });
  it("keeps Bengali as it is", () => {
    expect(csvField("ঢাকা")).toBe("ঢাকা");
  });
  it("prefixes cells that a spreadsheet would run as a formula", () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField("+8801712")).toBe("'+8801712");
    expect(csvField("-1")).toBe("'-1");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
  });
  it("writes numbers as numbers, nothing for empty", () => {
    expect(csvField(-5)).toBe("-5");
    expect(csvField(null)).toBe("");
  });
  it("ends lines with CRLF", () => {
    expect(csvLine(["a", 1, null])).toBe("a,1,\r\n");
  });
});
