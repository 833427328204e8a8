import { describe, expect, it } from "vitest";
import {
  availabilityLabel,
  availabilityOf,
  isLowStock,
  isSoldOut,
  isVariantOf,
  LOW_STOCK_THRESHOLD,
  quantityOf,
  shortLineText,
  stockGridIssues,
  totalStock,
  variantsOf,
} from "./stock";

describe("a product's variants", () => {
  it("are its sizes × colours, N/A for a dimension it does not offer", () => {
    expect(variantsOf({ sizes: ["M", "L"], colors: ["White", "Black"] })).toEqual([
      { size: "M", color: "White" },
      { size: "M", color: "Black" },
      { size: "L", color: "White" },
      { size: "L", color: "Black" },
    ]);
    expect(variantsOf({ sizes: ["M", "L"], colors: [] })).toEqual([
      { size: "M", color: "N/A" },
      { size: "L", color: "N/A" },
    ]);
    expect(variantsOf({ sizes: [], colors: ["Red"] })).toEqual([{ size: "N/A", color: "Red" }]);
    expect(variantsOf({ sizes: [], colors: [] })).toEqual([{ size: "N/A", color: "N/A" }]);
  });

  it("are recognised, and N/A only where the product offers nothing", () => {
    const shirt = { sizes: ["M"], colors: [] };
    expect(isVariantOf(shirt, { size: "M", color: "N/A" })).toBe(true);
    expect(isVariantOf(shirt, { size: "N/A", color: "N/A" })).toBe(false);
    expect(isVariantOf(shirt, { size: "M", color: "Red" })).toBe(false);
  });
});

describe("what a customer is told", () => {
  it("says In stock, Only N left from 5 down, or Out of stock; untracked is always in stock", () => {
    const label = (q: number | null) => availabilityLabel(availabilityOf(q));
    expect(label(null)).toBe("In stock");
    expect(label(6)).toBe("In stock");
    expect(label(5)).toBe("Only 5 left");
    expect(label(1)).toBe("Only 1 left");
    expect(label(0)).toBe("Out of stock");
  });

  it("names a short line with what is left", () => {
    expect(
      shortLineText(
        { id: "p", size: "M", color: "White", requested: 3, available: 2 },
        "Cotton Panjabi",
      ),
    ).toBe("Cotton Panjabi (M / White): only 2 left, you asked for 3");
    expect(
      shortLineText({ id: "p", size: "N/A", color: "N/A", requested: 1, available: 0 }, "Mug"),
    ).toBe("Mug is out of stock");
  });
});

describe("stock figures", () => {
  const levels = [
    { size: "M", color: "N/A", quantity: 10 },
    { size: "L", color: "N/A", quantity: 3 },
  ];
  it("sum, low at or below the threshold (3 by default), sold out when nothing is left", () => {
    expect(LOW_STOCK_THRESHOLD).toBe(3);
    expect(totalStock(levels)).toBe(13);
    expect(isLowStock(levels)).toBe(true);
    expect(isLowStock(levels, 2)).toBe(false);
    expect(isSoldOut(levels)).toBe(false);
    expect(isSoldOut(levels.map((l) => ({ ...l, quantity: 0 })))).toBe(true);
    expect(quantityOf(levels, { size: "L", color: "N/A" })).toBe(3);
    expect(quantityOf(levels, { size: "XL", color: "N/A" })).toBe(0);
  });
});

describe("a stock grid", () => {
  const panjabi = { sizes: ["M", "L"], colors: ["White"] };
  it("accepts whole, non-negative quantities of the product's own variants", () => {
    expect(
      stockGridIssues(panjabi, [
        { size: "M", color: "White", quantity: 0 },
        { size: "L", color: "White", quantity: 12 },
      ]),
    ).toEqual([]);
    expect(
      stockGridIssues({ sizes: [], colors: [] }, [{ size: "N/A", color: "N/A", quantity: 4 }]),
    ).toEqual([]);
  });

  it("names each bad cell: negative, fractional, unknown size or colour, listed twice", () => {
    expect(
      stockGridIssues(panjabi, [
        { size: "M", color: "White", quantity: -1 },
        { size: "L", color: "White", quantity: 1.5 },
        { size: "XL", color: "Red", quantity: 1 },
        { size: "M", color: "White", quantity: 2 },
        { size: "L", color: "White", quantity: "3" },
      ]),
    ).toEqual([
      { path: "stock.0.quantity", message: "Quantities cannot be negative" },
      { path: "stock.1.quantity", message: "Quantities are whole numbers" },
      { path: "stock.2.size", message: "Size XL is not offered for this product" },
      { path: "stock.2.color", message: "Colour Red is not offered for this product" },
      { path: "stock.3", message: "M / White is listed twice" },
      { path: "stock.4", message: "L / White is listed twice" },
      { path: "stock.4.quantity", message: "Enter a number of pieces" },
    ]);
    expect(
      stockGridIssues({ sizes: [], colors: [] }, [{ size: "M", color: "N/A", quantity: 1 }]),
    ).toEqual([{ path: "stock.0.size", message: "This product has no sizes: use N/A" }]);
  });
});
