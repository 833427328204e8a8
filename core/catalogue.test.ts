import { describe, expect, it } from "vitest";
import {
  CATEGORIES,
  CHEAP_ITEMS_CATEGORY,
  COLORS,
  findSubCategory,
  HOME_CATEGORY_TILES,
  HOME_HOME_LIVING_ALIAS,
  isCategory,
  normalizeCategory,
  PRODUCT_TYPES,
  SIZES,
  SUB_CATEGORIES,
} from "./catalogue";

describe("catalogue constants", () => {
  it("lists the 12 categories in spec order", () => {
    expect(CATEGORIES).toEqual([
      "Women Items",
      "Men Items",
      "Health and Beauty",
      "Baby and Kids",
      "Gadget Items",
      "Kitchen Items",
      "Bag Items",
      "Home and Living",
      "100 TK Items",
      "Cosmetics and Accessories",
      "Electronics and Appliances",
      "Fashion and Accessories",
    ]);
  });

  it("has about 11 sub-categories per category, 24 gadgets and 18 bags", () => {
    for (const c of CATEGORIES) {
      const count = SUB_CATEGORIES[c].length;
      if (c === "Gadget Items") expect(count).toBe(24);
      else if (c === "Bag Items") expect(count).toBe(18);
      else expect(count).toBe(11);
    }
  });

  it("keeps sub-category names unique across categories, Title Case, without slashes", () => {
    const all = CATEGORIES.flatMap((c) => SUB_CATEGORIES[c]);
    expect(new Set(all.map((s) => s.toLowerCase())).size).toBe(all.length);
    for (const s of all) {
      expect(s).not.toContain("/");
      expect(s).toBe(s.trim());
      for (const word of s.split(/[ -]/)) {
        if (word !== "and") expect(word, s).toMatch(/^[A-Z0-9]/);
      }
    }
  });

  it("has the fixed lists of the spec", () => {
    expect(PRODUCT_TYPES).toEqual(["New Arrivals", "Most Popular", "Best Selling"]);
    expect(SIZES).toEqual(["XS", "S", "M", "L", "XL", "XXL", "XXXL"]);
    expect(COLORS).toHaveLength(10);
    expect(HOME_CATEGORY_TILES).toEqual([
      "Kitchen Items",
      "Bag Items",
      "Home and Living",
      "Women Items",
      "Electronics and Appliances",
      "Baby and Kids",
    ]);
    expect(CHEAP_ITEMS_CATEGORY).toBe("100 TK Items");
    expect(isCategory(CHEAP_ITEMS_CATEGORY)).toBe(true);
  });
});

describe("normalizeCategory", () => {
  it("accepts exact, lowercased, padded and slug forms", () => {
    expect(normalizeCategory("Bag Items")).toBe("Bag Items");
    expect(normalizeCategory("bag items")).toBe("Bag Items");
    expect(normalizeCategory("  BAG   ITEMS ")).toBe("Bag Items");
    expect(normalizeCategory("bag-items")).toBe("Bag Items");
    expect(normalizeCategory("100 tk items")).toBe("100 TK Items");
  });

  it("treats Home & Living as Home and Living", () => {
    expect(normalizeCategory(HOME_HOME_LIVING_ALIAS)).toBe("Home and Living");
    expect(normalizeCategory("home & living")).toBe("Home and Living");
    expect(normalizeCategory("Home&Living")).toBe("Home and Living");
  });

  it("rejects unknown names", () => {
    expect(normalizeCategory("")).toBeUndefined();
    expect(normalizeCategory("Toys")).toBeUndefined();
    expect(normalizeCategory("Bag")).toBeUndefined();
  });
});

describe("isCategory", () => {
  it("is exact", () => {
    expect(isCategory("Women Items")).toBe(true);
    expect(isCategory("women items")).toBe(false);
    expect(isCategory("Home & Living")).toBe(false);
    expect(isCategory(42)).toBe(false);
  });
});

describe("findSubCategory", () => {
  it("finds the category of a sub-category, ignoring case", () => {
    expect(findSubCategory("earbuds")).toEqual({
      category: "Gadget Items",
      subCategory: "Earbuds",
    });
    expect(findSubCategory("  three piece ")).toEqual({
      category: "Women Items",
      subCategory: "Three Piece",
    });
    expect(findSubCategory("t-shirt")?.subCategory).toBe("T-Shirt");
  });

  it("finds every listed sub-category in its own category", () => {
    for (const category of CATEGORIES) {
      for (const sub of SUB_CATEGORIES[category]) {
        expect(findSubCategory(sub.toLowerCase())).toEqual({ category, subCategory: sub });
      }
    }
  });

  it("returns undefined for unknown names", () => {
    expect(findSubCategory("Spaceship")).toBeUndefined();
    expect(findSubCategory("")).toBeUndefined();
  });
});
