import { describe, expect, it } from "vitest";
import type { Product } from "~/core/schemas";
import { productJsonLd, safeJsonForScript } from "./json-ld";

const product: Product = {
  _id: "p1",
  name: "Bag </script><script>alert(1)</script>",
  description: "Material: Canvas",
  videoLink: null,
  category: "Bag Items",
  subCategory: "Backpack",
  productType: "New Arrivals",
  sizes: [],
  colors: [],
  images: ["/media/ab/x.webp", "https://cdn.example/y.webp"],
  originalPrice: 1200,
  offerPrice: 990,
  ratings: 4.5,
  reviews: 12,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  trackStock: false,
};

describe("product JSON-LD", () => {
  it("gives the shown price in BDT, absolute image URLs and the rating", () => {
    const ld = productJsonLd(product, { name: "Haat", publicUrl: "https://haat.example" });
    expect(ld).toMatchObject({
      "@type": "Product",
      url: "https://haat.example/product-details/p1",
      image: ["https://haat.example/media/ab/x.webp", "https://cdn.example/y.webp"],
      offers: { price: 990, priceCurrency: "BDT", availability: "https://schema.org/InStock" },
      aggregateRating: { ratingValue: 4.5, reviewCount: 12 },
    });
  });

  it("leaves out the rating when nobody reviewed", () => {
    const ld = productJsonLd(
      { ...product, reviews: 0 },
      { name: "Haat", publicUrl: "https://h.example" },
    );
    expect(ld.aggregateRating).toBeUndefined();
  });

  it("escapes text that could close the script element, and stays valid JSON", () => {
    const text = safeJsonForScript({ name: product.name, amp: "a&b", ls: "x\u2028y" });
    expect(text).not.toContain("<");
    expect(text).not.toContain(">");
    expect(text).not.toContain("&");
    expect(text).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(text)).toEqual({ name: product.name, amp: "a&b", ls: "x\u2028y" });
  });
});
