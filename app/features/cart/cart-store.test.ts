import { describe, expect, it } from "vitest";
import {
  type CartItem,
  mergeSameChoice,
  parseCart,
  tickAll,
  tickedLines,
  toCartItem,
  toggleTick,
  untickedAfterRemoval,
  withoutOrdered,
} from "./cart-store";
import { checkoutNavigation, toCheckoutItems } from "./checkout-items";

const item: CartItem = {
  id: "p1",
  name: "Travel Backpack",
  imageUrl: "/media/ab/ab.webp",
  color: "Black",
  size: "N/A",
  quantity: 2,
  originalPrice: 990,
  customerEmail: "rahim@example.com",
};

describe("parseCart", () => {
  it("reads a stored cart as spec §3 items", () => {
    expect(parseCart(JSON.stringify([item]))).toEqual([item]);
  });

  it("answers an empty cart for nothing, non-JSON, or JSON that is not a list", () => {
    for (const stored of [null, "", "{not json", "null", "42", '"text"', '{"id":"p1"}', "true"]) {
      expect(parseCart(stored), String(stored)).toEqual([]);
    }
  });

  it("drops entries that are not cart items and keeps the rest in order", () => {
    const second = { ...item, id: "p2", color: "Red" };
    const stored = [
      null,
      "text",
      7,
      [],
      { ...item, id: undefined },
      { ...item, id: "" },
      { ...item, id: 12 },
      { ...item, id: "x".repeat(65) },
      { ...item, name: undefined },
      { ...item, quantity: -1 },
      { ...item, quantity: 0 },
      { ...item, quantity: 1.5 },
      { ...item, quantity: 100 },
      { ...item, quantity: "many" },
      { ...item, originalPrice: -5 },
      { ...item, originalPrice: "free" },
      { ...item, originalPrice: null },
      item,
      second,
    ];
    expect(parseCart(JSON.stringify(stored))).toEqual([item, second]);
  });

  it("fills the spec's defaults: colour and size N/A, quantity 1, no image", () => {
    expect(toCartItem({ id: "p1", name: "Pan", originalPrice: 850 })).toEqual({
      id: "p1",
      name: "Pan",
      imageUrl: "",
      color: "N/A",
      size: "N/A",
      quantity: 1,
      originalPrice: 850,
      customerEmail: undefined,
    });
    expect(toCartItem({ ...item, color: "", size: 3, customerEmail: 5 })).toMatchObject({
      color: "N/A",
      size: "N/A",
      customerEmail: undefined,
    });
  });

  it("accepts numbers stored as text from older carts", () => {
    expect(toCartItem({ ...item, quantity: "3", originalPrice: "990" })).toMatchObject({
      quantity: 3,
      originalPrice: 990,
    });
  });
});

describe("withoutOrdered", () => {
  const red = { ...item, color: "Red", quantity: 1 };
  const black = { ...item, color: "Black", quantity: 1 };
  const other = { ...item, id: "p2" };

  it("removes exactly the ordered lines and keeps the others", () => {
    expect(withoutOrdered([red, other, black], [black])).toEqual([red, other]);
  });

  it("removes one line per ordered item when a product appears twice", () => {
    const twice = { ...black, quantity: 3 };
    expect(withoutOrdered([black, twice, other], [twice])).toEqual([black, other]);
    expect(withoutOrdered([black, black], [black])).toEqual([black]);
  });

  it("matches a line whose quantity or price changed at checkout", () => {
    expect(withoutOrdered([red, other], [{ ...red, quantity: 5, originalPrice: 1 }])).toEqual([
      other,
    ]);
  });

  it("removes the lines that checkout showed and ordered as one", () => {
    expect(withoutOrdered([black, other, black], [{ ...black, quantity: 2 }])).toEqual([other]);
    expect(withoutOrdered([black, red, black], [{ ...black, quantity: 3 }])).toEqual([red]);
  });

  it("leaves the cart alone for an item that was never in it (Order Now)", () => {
    expect(withoutOrdered([red, other], [{ ...item, id: "p9" }])).toEqual([red, other]);
  });
});

describe("checkout hand-off", () => {
  it("validates items passed as navigation state", () => {
    expect(toCheckoutItems(undefined)).toEqual([]);
    expect(toCheckoutItems("x")).toEqual([]);
    expect(toCheckoutItems([item, { id: "bad" }])).toEqual([item]);
  });

  it("builds navigation state { data } for /product-checkout", () => {
    // No window here: the session copy is skipped quietly.
    expect(checkoutNavigation([item])).toEqual({ state: { data: [item] } });
    expect(checkoutNavigation([item], { fromCart: true })).toEqual({
      state: { data: [item], fromCart: true },
    });
  });
});

describe("ticked cart lines", () => {
  it("ticks every line, new ones too, until the visitor unticks one", () => {
    const none = new Set<number>();
    expect(tickedLines(3, none)).toEqual([0, 1, 2]);
    const second = toggleTick(none, 1);
    expect(tickedLines(3, second)).toEqual([0, 2]);
    // A line added later (index 3) arrives ticked.
    expect(tickedLines(4, second)).toEqual([0, 2, 3]);
    expect(tickedLines(3, toggleTick(second, 1))).toEqual([0, 1, 2]);
  });

  it("selects all or none, and moves ticks with the lines after a delete", () => {
    expect(tickedLines(3, tickAll(3, false))).toEqual([]);
    expect(tickedLines(3, tickAll(3, true))).toEqual([0, 1, 2]);
    // Line 2 unticked; deleting line 0 moves it to position 1.
    expect([...untickedAfterRemoval(new Set([2]), 0)]).toEqual([1]);
    expect([...untickedAfterRemoval(new Set([0, 2]), 0)]).toEqual([1]);
  });
});

describe("mergeSameChoice", () => {
  it("makes one line of each product, size and colour, their quantities added, in first order", () => {
    const black = { ...item, quantity: 1 };
    const red = { ...item, color: "Red", quantity: 1 };
    expect(mergeSameChoice([black, red, { ...black, quantity: 2 }])).toEqual([
      { ...black, quantity: 3 },
      red,
    ]);
    expect(
      mergeSameChoice([
        { ...black, quantity: 60 },
        { ...black, quantity: 60 },
      ]),
    ).toEqual([{ ...black, quantity: 99 }]);
  });
});
