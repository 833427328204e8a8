import { describe, expect, it } from "vitest";
import { lineQuantity, MAX_LINE_QUANTITY } from "./cart-lines";

describe("lineQuantity", () => {
  it("keeps a whole number within 1–99 and makes anything else 1", () => {
    expect([3, 0, -5, 150].map(lineQuantity)).toEqual([3, 1, 1, MAX_LINE_QUANTITY]);
    expect([2.9, Number.NaN, Number.POSITIVE_INFINITY].map(lineQuantity)).toEqual([1, 1, 1]);
  });
});
