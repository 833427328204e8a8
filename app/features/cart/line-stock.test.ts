import { describe, expect, it } from "vitest";
import { cartStockUrl, leftOf, shortfallOf } from "./line-stock";

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
  it("says Only N left when it asks for more, Out of stock when none is left", () => {
    expect(shortfallOf(stock, line("p1", "M", 3))).toEqual({ left: 2, text: "Only 2 left" });
    expect(shortfallOf(stock, line("p1", "M", 2))).toBeNull();
    expect(shortfallOf(stock, line("p1", "L", 1))).toEqual({ left: 0, text: "Out of stock" });
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
