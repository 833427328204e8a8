import { afterAll, beforeAll, expect, it } from "vitest";
import { CATEGORIES, SUB_CATEGORIES } from "~/core/catalogue";
import { productInputSchema } from "~/core/schemas";
import type { AppContext } from "~/server/app-context";
import { describeDb, openTestContext, TEST_DB } from "~/server/testing/test-context";
import { products } from "../schema";
import { type LargeSeedProgress, progressBar, seedLargeCatalogue } from "./large-catalogue";

describeDb(`large catalogue seed (${TEST_DB})`, () => {
  let ctx: AppContext;
  const progress: LargeSeedProgress[] = [];

  beforeAll(async () => {
    ctx = await openTestContext();
    const result = await seedLargeCatalogue(ctx, {
      products: 700,
      batchSize: 300,
      onProgress: (p) => progress.push(p),
    });
    expect(result).toEqual({ added: 700, total: 700 });
  });
  afterAll(async () => ctx?.close());

  it("inserts in batches and reports progress after each", () => {
    expect(progress).toEqual([
      { done: 300, total: 700 },
      { done: 600, total: 700 },
      { done: 700, total: 700 },
    ]);
  });

  it("spreads valid products over every category and sub-category, reusing a few images", async () => {
    const rows = await ctx.db.select().from(products);
    expect(rows).toHaveLength(700);
    expect(new Set(rows.map((r) => r.id)).size).toBe(700);
    for (const category of CATEGORIES) {
      const subs = new Set(rows.filter((r) => r.category === category).map((r) => r.subCategory));
      expect(subs, category).toEqual(new Set(SUB_CATEGORIES[category]));
    }
    const images = new Set(rows.flatMap((r) => r.images));
    expect(rows.every((r) => r.images.length >= 1)).toBe(true);
    expect(images.size).toBeLessThan(rows.length / 2);
    for (const r of rows) {
      const input = {
        ...r,
        videoLink: r.videoLink ?? undefined,
        offerPrice: r.offerPrice ?? undefined,
        createdAt: r.createdAt.toISOString(),
      };
      expect(productInputSchema.safeParse(input).error, r.name).toBeUndefined();
    }
    const names = new Set(rows.map((r) => r.name));
    expect(names.size).toBeGreaterThan(600);
  });

  it("tops the catalogue up to the asked count on a second run", async () => {
    expect(await seedLargeCatalogue(ctx, { products: 700 })).toEqual({ added: 0, total: 700 });
    expect(await seedLargeCatalogue(ctx, { products: 750 })).toEqual({ added: 50, total: 750 });
  });
});

it("draws a progress bar", () => {
  expect(progressBar({ done: 40_000, total: 100_000 }, 10)).toBe(
    "[####------] 40,000/100,000 (40%)",
  );
  expect(progressBar({ done: 0, total: 0 }, 4)).toBe("[####] 0/0 (100%)");
});
