import { describe, expect, it } from "vitest";
import type { Product } from "~/core/schemas";
import { toCartItem } from "../cart/cart-store";
import { cartItemFor } from "./cart-item";

const product: Product = {
  _id: "p1",
  name: "Canvas Backpack",
  description: "",
  videoLink: null,
  category: "Bag Items",
  subCategory: "Backpack",
  productType: "New Arrivals",
  sizes: ["M", "L"],
  colors: ["Black"],
  images: ["/media/ab/first.webp", "/media/ab/second.webp"],
  originalPrice: 1200,
  offerPrice: 990,
  ratings: 4.5,
  reviews: 12,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  trackStock: false,
};

describe("cart item from the product page", () => {
  it("has the spec's fields: first image, N/A defaults, price shown, the user's email", () => {
    const item = cartItemFor(product, { color: null, size: null, quantity: 1 }, undefined);
    expect(item).toEqual({
      id: "p1",
      name: "Canvas Backpack",
      imageUrl: "/media/ab/first.webp",
      color: "N/A",
      size: "N/A",
      quantity: 1,
      originalPrice: 990,
      customerEmail: undefined,
    });
    expect(toCartItem(JSON.parse(JSON.stringify(item)))).toEqual(item);
  });

  it("carries the chosen colour, size and quantity, and the original price without an offer", () => {
    const item = cartItemFor(
      { ...product, offerPrice: null, images: [] },
      { color: "Black", size: "L", quantity: 3 },
      "customer@haat.test",
    );
    expect(item).toMatchObject({
      color: "Black",
      size: "L",
      quantity: 3,
      originalPrice: 1200,
      imageUrl: "",
      customerEmail: "customer@haat.test",
    });
  });
});
