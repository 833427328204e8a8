import { describe, expect, it } from "vitest";
import { productsUrl } from "./products-api";

describe("products API queries", () => {
  it("builds products API queries with only the filters given", () => {
    expect(productsUrl({ limit: 10 })).toBe("/api/products?limit=10");
    expect(
      productsUrl({ productType: "Most Popular", category: "Bag Items", cursor: "abc", limit: 20 }),
    ).toBe("/api/products?category=Bag+Items&productType=Most+Popular&cursor=abc&limit=20");
    expect(productsUrl({ searchQuery: "50% off & more", limit: 10 })).toBe(
      "/api/products?searchQuery=50%25+off+%26+more&limit=10",
    );
  });
});
