import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import {
  createProduct,
  listProducts,
  type Product,
  productSitemapEntries,
  relatedProducts,
} from "./products";

const base = {
  description: "",
  sizes: [],
  colors: [],
  images: [],
  originalPrice: 500,
  offerPrice: null,
  ratings: 4,
  reviews: 0,
  productType: "New Arrivals" as const,
};

describeDb(`product queries for the storefront (${TEST_DB})`, () => {
  let ctx: AppContext;
  const bags: Product[] = [];
  const kitchen: Product[] = [];

  beforeAll(async () => {
    ctx = await openTestContext();
    // 14 bags and 3 kitchen items, one per day; two bags share a timestamp.
    for (let i = 0; i < 14; i++) {
      bags.push(
        await createProduct(
          ctx.db,
          { ...base, name: `Bag ${i}`, category: "Bag Items", subCategory: "Backpack" },
          new Date(Date.UTC(2026, 0, 1 + Math.min(i, 12))),
        ),
      );
    }
    for (let i = 0; i < 3; i++) {
      kitchen.push(
        await createProduct(
          ctx.db,
          { ...base, name: `Pan ${i}`, category: "Kitchen Items", subCategory: "Non Stick Pan" },
          new Date(Date.UTC(2026, 1, 1 + i)),
        ),
      );
    }
  });
  afterAll(async () => ctx?.close());

  describe("related products", () => {
    it("gives at most 10 of the same category, newest first, never the product itself", async () => {
      const target = bags[13] as Product;
      const related = await relatedProducts(ctx.db, target);
      expect(related).toHaveLength(10);
      expect(related.every((p) => p.category === "Bag Items")).toBe(true);
      expect(related.map((p) => p._id)).not.toContain(target._id);
      const times = related.map((p) => p.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it("gives fewer when the category is small", async () => {
      const related = await relatedProducts(ctx.db, kitchen[0] as Product);
      expect(related.map((p) => p.name).sort()).toEqual(["Pan 1", "Pan 2"]);
    });
  });

  it("pages a category listing with keyset cursors, no gaps or repeats even on equal times", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listProducts(ctx.db, { category: "Bag Items", limit: 4, cursor });
      seen.push(...page.data.map((p) => p._id));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(14);
    expect(seen.sort()).toEqual(bags.map((p) => p._id).sort());
  });

  it("lists the newest products for the sitemap, bounded", async () => {
    const entries = await productSitemapEntries(ctx.db, 5);
    expect(entries).toHaveLength(5);
    expect(entries[0]).toEqual({ id: (kitchen[2] as Product)._id, updatedAt: expect.any(String) });
    expect(await productSitemapEntries(ctx.db, 100)).toHaveLength(17);
  });
});
