import { describe, expect, it } from "vitest";
import {
  PRODUCT_CHANGED_MESSAGE,
  productInputSchema,
  SLIDE_CHANGED_MESSAGE,
  slideInputSchema,
  stockAdjustmentSchema,
} from "~/core/schemas";
import { MEDIA_MISSING_MESSAGE } from "~/core/schemas/common";
import { stockGridIssues } from "~/core/stock";
import { wholeCatalog } from "../catalog.server";
import { makeTranslator } from "../translator";
import { catalogueIssueText, isKnownCatalogueIssue } from "./catalogue-issues";

const bengali = makeTranslator("bn", wholeCatalog("bn"));
const english = makeTranslator("en", wholeCatalog("en"));

const good = {
  name: "Tote",
  category: "Bag Items",
  subCategory: "Backpack",
  productType: "Best Selling",
  originalPrice: 1500,
};

/** Every message the rules give for these bodies. */
function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);
}

describe("the catalogue screens' issues in Bengali (issue 25)", () => {
  const ruleTexts = [
    ...messagesOf(productInputSchema.safeParse({ ...good, name: "", productType: "" })),
    ...messagesOf(
      productInputSchema.safeParse({
        ...good,
        name: "x".repeat(201),
        category: "",
        subCategory: "",
        videoLink: "not a link",
        originalPrice: undefined,
        offerPrice: "x",
        ratings: 6,
        reviews: -1,
        sizes: ["M", "M", "Q"],
        colors: ["Black", "Black", "Mauve"],
        images: ["a", "b", "c", "d", "e"],
        stock: [{ size: "N/A", color: "N/A", quantity: -1 }],
      }),
    ),
    ...messagesOf(productInputSchema.safeParse({ ...good, subCategory: "Saree" })),
    ...messagesOf(
      productInputSchema.safeParse({
        ...good,
        originalPrice: 10.5,
        offerPrice: 0,
        ratings: 4.55,
        reviews: 1.5,
        stock: [{ size: "N/A", color: "N/A", quantity: 2.5 }],
      }),
    ),
    ...messagesOf(productInputSchema.safeParse({ ...good, offerPrice: 1600 })),
    ...messagesOf(slideInputSchema.safeParse({ image: "nope", title: "x".repeat(121) })),
    ...messagesOf(stockAdjustmentSchema.safeParse({ size: "M", color: "Black", change: 0 })),
    ...messagesOf(stockAdjustmentSchema.safeParse({ size: 1, color: 1, change: "x", reason: "x" })),
    ...messagesOf(stockAdjustmentSchema.safeParse({ size: "M", color: "Red", change: 1.5 })),
    ...stockGridIssues({ sizes: ["M"], colors: ["Black"] }, [
      { size: "L", color: "Red", quantity: 2_000_000 },
      { size: "M", color: "Black", quantity: 1 },
      { size: "M", color: "Black", quantity: 1 },
    ]).map((i) => i.message),
    ...stockGridIssues({ sizes: [], colors: [] }, [{ size: "M", color: "Red", quantity: 1 }]).map(
      (i) => i.message,
    ),
  ];
  // The services' refusals and the page's own words.
  const serviceTexts = [
    "Only 3 on hand: take away at most 3",
    "At most 1,000,000 pieces on hand",
    "Not that many pieces on hand",
    "The slider holds at most 50 slides",
    "The image is too large: at most 8 MB",
    "The image is too large: at most 50 megapixels",
    "Choose a JPEG, PNG, WebP, AVIF or GIF image",
    "The image could not be uploaded",
    "Choose a category",
    "Choose an image",
    "Product not found",
    PRODUCT_CHANGED_MESSAGE,
    SLIDE_CHANGED_MESSAGE,
    MEDIA_MISSING_MESSAGE,
  ];

  it("knows every text the rules and services write", () => {
    expect(ruleTexts.length).toBeGreaterThan(20);
    for (const text of [...ruleTexts, ...serviceTexts]) {
      expect(isKnownCatalogueIssue(text), text).toBe(true);
      const said = catalogueIssueText(bengali, text);
      expect(said, text).toMatch(/[\u0980-\u09FF]/);
      expect(said, text).not.toMatch(/[0-9]|[A-Za-z]{2,}/);
    }
  });

  it("shows the English text as written", () => {
    for (const text of [...ruleTexts, ...serviceTexts, "Something else"]) {
      expect(catalogueIssueText(english, text)).toBe(text);
    }
  });

  it("writes values in Bengali", () => {
    expect(catalogueIssueText(bengali, "Only 3 on hand: take away at most 3")).toBe(
      "হাতে আছে মাত্র ৩ পিস: সর্বোচ্চ ৩ পিস কমানো যায়",
    );
    expect(catalogueIssueText(bengali, '"Saree" is not a sub-category of Bag Items')).toBe(
      "“শাড়ি” ব্যাগ ক্যাটাগরির সাব-ক্যাটাগরি নয়",
    );
    expect(catalogueIssueText(bengali, "Something else")).toBe("Something else");
  });
});
