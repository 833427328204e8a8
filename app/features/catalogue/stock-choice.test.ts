import { describe, expect, it } from "vitest";
import { availabilityLabel } from "~/core/stock";
import { choiceAvailability, largestQuantity, optionSoldOut, piecesLeft } from "./stock-choice";

const stock = [
  { size: "M", color: "Black", quantity: 2 },
  { size: "M", color: "White", quantity: 0 },
  { size: "L", color: "Black", quantity: 0 },
  { size: "L", color: "White", quantity: 0 },
];
const none = { size: null, color: null };

describe("what the product page says of a choice", () => {
  it("sums what the choice so far allows and names it by the core rule", () => {
    expect(piecesLeft(stock, none)).toBe(2);
    expect(availabilityLabel(choiceAvailability(stock, { size: "M", color: "Black" }))).toBe(
      "Only 2 left",
    );
    expect(availabilityLabel(choiceAvailability(stock, { size: "L", color: null }))).toBe(
      "Out of stock",
    );
    expect(
      availabilityLabel(choiceAvailability([{ size: "N/A", color: "N/A", quantity: 6 }], none)),
    ).toBe("In stock");
  });

  it("an untracked product is always in stock, with no option sold out", () => {
    expect(piecesLeft(null, none)).toBeNull();
    expect(availabilityLabel(choiceAvailability(null, none))).toBe("In stock");
    expect(optionSoldOut(null, "size", "M", none)).toBe(false);
    expect(largestQuantity(null, 99)).toBe(99);
  });

  it("marks an option sold out given the other choice", () => {
    expect(optionSoldOut(stock, "size", "L", none)).toBe(true);
    expect(optionSoldOut(stock, "size", "M", none)).toBe(false);
    expect(optionSoldOut(stock, "size", "M", { size: null, color: "White" })).toBe(true);
    expect(optionSoldOut(stock, "color", "White", { size: null, color: null })).toBe(true);
    expect(optionSoldOut(stock, "color", "Black", { size: "M", color: null })).toBe(false);
  });

  it("the quantity stops at what is left (never below 1)", () => {
    expect(largestQuantity(2, 99)).toBe(2);
    expect(largestQuantity(0, 99)).toBe(1);
    expect(largestQuantity(500, 99)).toBe(99);
  });
});
