import { describe, expect, it } from "vitest";
import { CATEGORIES, PRODUCT_TYPES, SUB_CATEGORIES } from "~/core/catalogue";
import { productInputSchema } from "~/core/schemas";
import { isLowStock, isSoldOut } from "~/core/stock";
import { generateDemoProducts } from "./demo-products";

const now = new Date("2025-06-01T00:00:00Z");
const products = generateDemoProducts(180, { now });

describe("generateDemoProducts", () => {
  it("makes 180 products by default", () => {
    expect(generateDemoProducts()).toHaveLength(180);
    expect(generateDemoProducts(5, { now })).toHaveLength(5);
  });

  it("is deterministic for a given seed and time", () => {
    expect(generateDemoProducts(180, { now })).toEqual(products);
    expect(generateDemoProducts(180, { now, seed: 7 })).not.toEqual(products);
  });

  it("produces only products the API would accept", () => {
    for (const { imageSeed: _s, imageCount: _c, createdAt, ...p } of products) {
      const result = productInputSchema.safeParse({
        ...p,
        images: [],
        createdAt: createdAt.toISOString(),
      });
      expect(result.error?.issues ?? [], p.name).toEqual([]);
      // Already canonical: parsing changes nothing but the images field.
      expect(result.data).toMatchObject(p);
    }
  });

  it("covers every category, every sub-category and every product type", () => {
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    for (const category of CATEGORIES) {
      for (const sub of SUB_CATEGORIES[category]) {
        expect(
          products.some((p) => p.category === category && p.subCategory === sub),
          `${category} / ${sub}`,
        ).toBe(true);
      }
    }
    expect(new Set(products.map((p) => p.productType))).toEqual(new Set(PRODUCT_TYPES));
    for (const category of CATEGORIES) {
      const types = new Set(
        products.filter((p) => p.category === category).map((p) => p.productType),
      );
      expect(types.size, category).toBeGreaterThan(1);
    }
  });

  it("spreads stock over every category: mostly available, a few low, a few sold out", () => {
    for (const category of CATEGORIES) {
      const levels = products.filter((p) => p.category === category).map((p) => p.stock);
      const soldOut = levels.filter((l) => isSoldOut(l)).length;
      const low = levels.filter((l) => !isSoldOut(l) && isLowStock(l)).length;
      const summary = `${category}: ${levels.length} products, ${soldOut} sold out, ${low} low`;
      expect(levels.length, summary).toBeGreaterThanOrEqual(5);
      expect(soldOut, summary).toBeGreaterThanOrEqual(1);
      expect(soldOut, summary).toBeLessThanOrEqual(Math.ceil(levels.length / 6));
      expect(low, summary).toBeGreaterThanOrEqual(1);
      expect(levels.length - soldOut - low, summary).toBeGreaterThan(levels.length / 2);
    }
  });

  it("spans all categories even in a short list", () => {
    expect(new Set(generateDemoProducts(12, { now }).map((p) => p.category)).size).toBe(12);
  });

  it("mixes products with and without offers, sizes and colours", () => {
    const offers = products.filter((p) => p.offerPrice != null);
    expect(offers.length).toBeGreaterThan(30);
    expect(products.length - offers.length).toBeGreaterThan(30);
    for (const p of offers) {
      expect(p.offerPrice).toBeLessThanOrEqual(p.originalPrice);
      expect(p.offerPrice).toBeGreaterThanOrEqual(1);
    }
    expect(products.filter((p) => p.sizes.length > 0).length).toBeGreaterThan(10);
    expect(products.filter((p) => p.sizes.length === 0).length).toBeGreaterThan(10);
    expect(products.filter((p) => p.colors.length > 0).length).toBeGreaterThan(10);
    expect(products.filter((p) => p.colors.length === 0).length).toBeGreaterThan(10);
    for (const p of products.filter((p) => p.sizes.length > 0)) {
      expect(p.colors.length, p.name).toBeGreaterThan(0);
    }
    const saree = products.find((p) => p.subCategory === "Three Piece");
    expect(saree?.sizes.length).toBeGreaterThan(0);
    const bulb = products.find((p) => p.subCategory === "LED Bulb");
    expect(bulb?.sizes).toEqual([]);
  });

  it("writes multi-line descriptions with Label: value lines and a sentence", () => {
    for (const p of products) {
      const lines = p.description.split("\n");
      expect(lines.length, p.name).toBeGreaterThanOrEqual(4);
      const labelled = lines.filter((l) => /^[A-Z][A-Za-z ]+: \S/.test(l));
      const sentences = lines.filter((l) => !labelled.includes(l));
      expect(sentences[0], p.name).toMatch(/^\S.* .*\.$/);
      expect(labelled.length, p.name).toBeGreaterThanOrEqual(3);
    }
    expect(products.some((p) => p.description.includes("Origin: China"))).toBe(true);
    expect(products.some((p) => /Warranty: /.test(p.description))).toBe(true);
    expect(products.some((p) => /Material: /.test(p.description))).toBe(true);
  });

  it("stocks at least 12 whole-taka items of 100 taka or less in 100 TK Items", () => {
    const cheap = products.filter((p) => p.category === "100 TK Items");
    expect(cheap.length).toBeGreaterThanOrEqual(12);
    for (const p of cheap) {
      expect(p.originalPrice, p.name).toBeLessThanOrEqual(100);
      expect(p.offerPrice ?? 1, p.name).toBeLessThanOrEqual(100);
    }
    for (const p of products) {
      expect(Number.isInteger(p.originalPrice)).toBe(true);
      if (p.offerPrice != null) expect(Number.isInteger(p.offerPrice)).toBe(true);
    }
  });

  it("includes names long enough to need truncation", () => {
    expect(products.filter((p) => p.name.length > 60).length).toBeGreaterThanOrEqual(5);
    expect(products.some((p) => p.name === "Wireless Bluetooth Earbuds Pro 5.3")).toBe(true);
    expect(new Set(products.map((p) => p.name)).size).toBe(products.length);
  });

  it("spreads createdAt over the last 120 days", () => {
    const ages = products.map((p) => (now.getTime() - p.createdAt.getTime()) / 86_400_000);
    for (const age of ages) {
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(120);
    }
    expect(Math.min(...ages)).toBeLessThan(10);
    expect(Math.max(...ages)).toBeGreaterThan(100);
  });

  it("uses plausible ratings, reviews, images and a few video links", () => {
    for (const p of products) {
      expect(p.ratings).toBeGreaterThanOrEqual(3.5);
      expect(p.ratings).toBeLessThanOrEqual(5);
      expect(Math.round(p.ratings * 10) / 10).toBe(p.ratings);
      expect(Number.isInteger(p.reviews) && p.reviews >= 0 && p.reviews <= 500).toBe(true);
      expect(p.imageCount).toBeGreaterThanOrEqual(1);
      expect(p.imageCount).toBeLessThanOrEqual(4);
      expect(Number.isInteger(p.imageSeed)).toBe(true);
    }
    const videos = products.filter((p) => p.videoLink);
    expect(videos.length).toBeGreaterThanOrEqual(3);
    expect(videos.length).toBeLessThan(products.length / 4);
    for (const p of videos) {
      expect(p.videoLink).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
    }
  });
});
