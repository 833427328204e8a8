import { describe, expect, it } from "vitest";
import { cartStockUrl, leftOf, othersOfSameChoice, shortfallOf } from "./line-stock";

const stock = {
  p1: [
    { size: "M", color: "Red", quantity: 2 },
    { size: "L", color: "Red", quantity: 0 },
  ],
  p2: null,
};
const line = (id: string, size: string, quantity: number) => ({
  id,
  size,
  color: "Red",
  quantity,
});

describe("a cart or checkout line against the stock", () => {
  it("says how many are left when it asks for more, and how many it may have", () => {
    expect(shortfallOf(stock, line("p1", "M", 3))).toEqual({ left: 2, room: 2 });
    expect(shortfallOf(stock, line("p1", "M", 2))).toBeNull();
    expect(shortfallOf(stock, line("p1", "L", 1))).toEqual({ left: 0, room: 0 });
  });

  it("counts the pieces the other lines of the same size and colour ask for", () => {
    // Two lines of one each, two left: both fit; a third piece elsewhere does not.
    expect(shortfallOf(stock, line("p1", "M", 1), 1)).toBeNull();
    expect(shortfallOf(stock, line("p1", "M", 2), 1)).toEqual({ left: 2, room: 1 });
    // The other lines take every piece: this one may have none (it is to be removed).
    expect(shortfallOf(stock, line("p1", "M", 1), 2)).toEqual({ left: 2, room: 0 });
  });

  it("adds up the other chosen lines of each line's product, size and colour", () => {
    const lines = [line("p1", "M", 1), line("p1", "L", 4), line("p1", "M", 2), line("p2", "M", 5)];
    expect(othersOfSameChoice(lines, () => true)).toEqual([2, 0, 1, 0]);
    // An unticked line is not ordered: it takes nothing from the others.
    expect(othersOfSameChoice(lines, (i) => i !== 2)).toEqual([0, 0, 1, 0]);
  });

  it("knows nothing of untracked products, unknown variants or before the read", () => {
    expect(leftOf(stock, line("p2", "M", 5))).toBeNull();
    expect(leftOf(stock, line("p1", "XL", 5))).toBeNull();
    expect(leftOf(undefined, line("p1", "M", 5))).toBeNull();
    expect(shortfallOf(undefined, line("p1", "M", 5))).toBeNull();
  });

  it("reads each product once, in a stable order", () => {
    expect(cartStockUrl(["b", "a", "b"])).toBe("/cart-stock?product=a&product=b");
  });
});
