import { describe, expect, it } from "vitest";
import { parseDescription, summary } from "./description";

describe("product description", () => {
  it("marks Label: value lines and keeps other lines as text", () => {
    expect(
      parseDescription(
        "Material: Canvas\n\nA sturdy bag.\r\n  Size : 40 x 30 cm  \nSee https://x.example",
      ),
    ).toEqual([
      { kind: "labelled", label: "Material", value: "Canvas" },
      { kind: "text", text: "A sturdy bag." },
      { kind: "labelled", label: "Size", value: "40 x 30 cm" },
      { kind: "text", text: "See https://x.example" },
    ]);
  });

  it("does not treat URLs, empty values or long sentences as labels", () => {
    expect(parseDescription("https://example.com/page")).toEqual([
      { kind: "text", text: "https://example.com/page" },
    ]);
    expect(parseDescription("Note:")).toEqual([{ kind: "text", text: "Note:" }]);
    const long = `${"word ".repeat(12)}: value`;
    expect(parseDescription(long)[0]?.kind).toBe("text");
  });

  it("keeps markup as text (rendered by React, never as HTML)", () => {
    expect(parseDescription("<b>Bold</b>: <script>x</script>")).toEqual([
      { kind: "labelled", label: "<b>Bold</b>", value: "<script>x</script>" },
    ]);
  });

  it("summarises to one line within the limit, cutting at a word", () => {
    expect(summary("A\n b  c")).toBe("A b c");
    const s = summary("lorem ipsum ".repeat(30), 50);
    expect(s.length).toBeLessThanOrEqual(50);
    expect(s.endsWith("…")).toBe(true);
  });
});
