import { describe, expect, it } from "vitest";
import { CATEGORIES, findSubCategory, SUB_CATEGORIES } from "../../../core/catalogue";
import { categoryPath, subCategoryPath } from "./category-menu";
import { productsUrl } from "./products-api";

describe("storefront links", () => {
  it("sends a category to /product/category/{name}", () => {
    expect(categoryPath("Home and Living")).toBe("/product/category/Home%20and%20Living");
    expect(categoryPath("100 TK Items")).toBe("/product/category/100%20TK%20Items");
  });

  it("sends a sub-category to its lowercased name, which the catalogue finds again", () => {
    expect(subCategoryPath("Non Stick Pan")).toBe("/product/sub-category/non%20stick%20pan");
    for (const category of CATEGORIES) {
      for (const sub of SUB_CATEGORIES[category]) {
        const value = decodeURIComponent(subCategoryPath(sub).split("/").pop() ?? "");
        expect(value).toBe(sub.toLowerCase());
        expect(findSubCategory(value)).toEqual({ category, subCategory: sub });
      }
    }
  });

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
