import { describe, expect, it } from "vitest";
import { SUB_CATEGORIES } from "./catalogue";
import { SUB_CATEGORY_NAMES_BN, subCategoriesNamedIn } from "./catalogue-bn";

describe("sub-categories named by a Bengali search", () => {
  it("every sub-category has its Bengali name", () => {
    for (const sub of Object.values(SUB_CATEGORIES).flat()) {
      expect(SUB_CATEGORY_NAMES_BN[sub], sub).toMatch(/[\u0980-\u09FF]/);
    }
  });

  it("by part of the name, or the name among the search's words", () => {
    expect(subCategoriesNamedIn("শাড়ি")).toEqual(["Saree"]);
    expect(subCategoriesNamedIn("  শাড় ")).toEqual(["Saree"]);
    expect(subCategoriesNamedIn("লাল  শাড়ি")).toEqual(["Saree"]);
    expect(subCategoriesNamedIn("লুঙ্গি")).toEqual(["Lungi"]);
    expect(subCategoriesNamedIn("পাওয়ার ব্যাংক")).toEqual(["Power Bank"]);
  });

  it("a word that only begins like a name is not it; English and one letter name nothing", () => {
    expect(subCategoriesNamedIn("ক্যাপসুল")).toEqual([]);
    expect(subCategoriesNamedIn("saree")).toEqual([]);
    expect(subCategoriesNamedIn("শ")).toEqual([]);
    expect(subCategoriesNamedIn("")).toEqual([]);
  });
});
