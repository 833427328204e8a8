import { describe, expect, it } from "vitest";
import { CATEGORIES, findSubCategory, normalizeCategory, SUB_CATEGORIES } from "~/core/catalogue";
import { absoluteUrl, categoryPath, productPath, subCategoryPath, withCursor } from "./paths";

describe("catalogue paths", () => {
  it("links sub-categories by their lowercased name, which maps back to the sub-category and its category", () => {
    expect(subCategoryPath("Smart Watch")).toBe("/product/sub-category/smart%20watch");
    for (const category of CATEGORIES) {
      for (const sub of SUB_CATEGORIES[category]) {
        const value = decodeURIComponent(subCategoryPath(sub).split("/").pop() ?? "");
        expect(value).toBe(sub.toLowerCase());
        expect(findSubCategory(value)).toEqual({ category, subCategory: sub });
      }
    }
  });

  it("links categories by name, which normalizes back", () => {
    expect(categoryPath("100 TK Items")).toBe("/product/category/100%20TK%20Items");
    for (const category of CATEGORIES) {
      const value = decodeURIComponent(categoryPath(category).split("/").pop() ?? "");
      expect(normalizeCategory(value)).toBe(category);
    }
  });

  it("escapes product ids", () => {
    expect(productPath("ab_C-1")).toBe("/product-details/ab_C-1");
    expect(productPath("a/b")).toBe("/product-details/a%2Fb");
  });

  it("makes absolute URLs on the public address and keeps absolute ones", () => {
    expect(absoluteUrl("https://haat.example/", "/shop")).toBe("https://haat.example/shop");
    expect(absoluteUrl("https://haat.example", "media/x.webp")).toBe(
      "https://haat.example/media/x.webp",
    );
    expect(absoluteUrl("https://haat.example", "https://cdn.example/a.webp")).toBe(
      "https://cdn.example/a.webp",
    );
  });

  it("sets the cursor and keeps other filters", () => {
    expect(withCursor("?productType=Best+Selling&cursor=old", "new")).toBe(
      "?productType=Best+Selling&cursor=new",
    );
    expect(withCursor("", "abc")).toBe("?cursor=abc");
  });
});
