import { describe, expect, it } from "vitest";
import { renderIn } from "~/tests/support/render-in";
import { ExportOrdersForm } from "./bulk-orders";

/** The status the export form starts with, as the page's HTML has it. */
const chosen = (html: string) => /<option value="([^"]*)" selected="">/.exec(html)?.[1];

describe("the orders export form", () => {
  it("starts on the list's own status, and on All where the list has none or several", () => {
    expect(chosen(renderIn(ExportOrdersForm, { status: "Cancelled" }))).toBe("Cancelled");
    expect(chosen(renderIn(ExportOrdersForm, {}))).toBe("");
  });
});
