import { desc, eq, ilike } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { products } from "../db/schema";
import { seedLargeCatalogue } from "../db/seed/large-catalogue";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { createProduct, listProducts, SEARCH_RECENT_WINDOW } from "./products";

describeDb(`product search beyond the recent window (${TEST_DB})`, () => {
  let ctx: AppContext;

  beforeAll(async () => {
    ctx = await openTestContext();
    // The oldest product of all, so it lies outside the newest SEARCH_RECENT_WINDOW.
    await createProduct(
      ctx.db,
      {
        name: "Qzx Heirloom Nakshi Kantha",
        nameBn: "কিউজেডএক্স নকশি কাঁথা",
        description: "Material: Cotton",
        category: "Home and Living",
        subCategory: "Bed Sheet",
        productType: "Most Popular",
        sizes: [],
        colors: [],
        images: [],
        originalPrice: 2500,
        ratings: 5,
        reviews: 1,
      },
      new Date("2020-01-01T00:00:00Z"),
    );
    await seedLargeCatalogue(ctx, { products: SEARCH_RECENT_WINDOW + 300 });
  }, 120_000);
  afterAll(async () => ctx?.close());

  async function naive(text: string, limit: number) {
    const rows = await ctx.db
      .select({ id: products.id })
      .from(products)
      .where(ilike(products.name, `%${text}%`))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  it("answers a common word with exactly the newest matches", async () => {
    for (const text of ["cotton", "Power Bank", "padma"]) {
      const page = await listProducts(ctx.db, { searchQuery: text, limit: 10 });
      expect(
        page.data.map((p) => p._id),
        text,
      ).toEqual(await naive(text, 10));
      expect(page.data.length, text).toBeGreaterThan(0);
    }
  });

  it("finds a rare word anywhere in the catalogue through the trigram index", async () => {
    const page = await listProducts(ctx.db, { searchQuery: "heirloom", limit: 10 });
    expect(page.data.map((p) => p.name)).toEqual(["Qzx Heirloom Nakshi Kantha"]);
    expect(page.nextCursor).toBeNull();
  });

  it("finds a product by its Bengali name too (issue 25), inside and beyond the recent window", async () => {
    const old = await listProducts(ctx.db, { searchQuery: "নকশি কাঁথা", limit: 10 });
    expect(old.data.map((p) => p.nameBn)).toEqual(["কিউজেডএক্স নকশি কাঁথা"]);
    const recent = await createProduct(ctx.db, {
      name: "Clay Water Jug",
      nameBn: "মাটির কলসি",
      description: "",
      category: "Kitchen Items",
      subCategory: "Water Bottle",
      productType: "New Arrivals",
      sizes: [],
      colors: [],
      images: [],
      originalPrice: 450,
      ratings: 5,
      reviews: 0,
    });
    const found = await listProducts(ctx.db, { searchQuery: "কলসি", limit: 10 });
    expect(found.data.map((p) => p._id)).toEqual([recent._id]);
    expect(
      (await listProducts(ctx.db, { searchQuery: "clay water", limit: 10 })).data,
    ).toHaveLength(1);
  });

  it("finds a number typed in Bengali digits in a name written with ASCII ones, and the other way", async () => {
    const perfume = await createProduct(ctx.db, {
      name: "Oud Attar 35ml",
      nameBn: "আতর ১২ মিলি",
      description: "",
      category: "Health and Beauty",
      subCategory: "Perfume",
      productType: "New Arrivals",
      sizes: [],
      colors: [],
      images: [],
      originalPrice: 900,
      ratings: 5,
      reviews: 0,
    });
    for (const text of ["৩৫ml", "35ml", "আতর 12", "আতর ১২"]) {
      const found = await listProducts(ctx.db, { searchQuery: text, limit: 10 });
      expect(
        found.data.map((p) => p._id),
        text,
      ).toContain(perfume._id);
    }
  });

  it("a search in Bengali finds the sub-category it names, though the products' names are English", async () => {
    const sarees = await ctx.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.subCategory, "Saree"))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(10);
    expect(sarees.length).toBeGreaterThan(3);
    for (const text of ["শাড়ি", "শাড়", "লাল শাড়ি"]) {
      const page = await listProducts(ctx.db, { searchQuery: text, limit: 10 });
      expect(
        page.data.map((p) => p._id),
        text,
      ).toEqual(sarees.map((r) => r.id));
    }
    // ড় typed as ড + ় (NFD) finds the same.
    const typedApart = await listProducts(ctx.db, {
      searchQuery: "শাড়ি".normalize("NFD"),
      limit: 3,
    });
    expect(typedApart.data.map((p) => p.subCategory)).toEqual(["Saree", "Saree", "Saree"]);
    // Beyond the recent window too, by the sub-category's index.
    const old = await createProduct(
      ctx.db,
      {
        name: "Qzx Village Check Lungi",
        description: "",
        category: "Men Items",
        subCategory: "Lungi",
        productType: "Most Popular",
        sizes: [],
        colors: [],
        images: [],
        originalPrice: 450,
        ratings: 5,
        reviews: 0,
      },
      new Date("2020-01-02T00:00:00Z"),
    );
    const lungis = await listProducts(ctx.db, { searchQuery: "লুঙ্গি", limit: 100 });
    expect(lungis.data.every((p) => p.subCategory === "Lungi")).toBe(true);
    expect(lungis.data.at(-1)?._id).toBe(old._id);
    // An English search is by name only, as before.
    expect(
      (await listProducts(ctx.db, { searchQuery: "saree", limit: 10 })).data.map((p) => p._id),
    ).toEqual(await naive("saree", 10));
  });

  it("pages a search with its cursor like a listing", async () => {
    const first = await listProducts(ctx.db, { searchQuery: "earbuds", limit: 5 });
    const second = await listProducts(ctx.db, {
      searchQuery: "earbuds",
      limit: 5,
      cursor: first.nextCursor ?? undefined,
    });
    expect([...first.data, ...second.data].map((p) => p._id)).toEqual(await naive("earbuds", 10));
  });

  it("answers 1–2 characters from the newest products only (no trigram index for them)", async () => {
    const common = await listProducts(ctx.db, { searchQuery: "ba", limit: 10 });
    expect(common.data.map((p) => p._id)).toEqual(await naive("ba", 10));
    const onlyOld = await listProducts(ctx.db, { searchQuery: "qz", limit: 10 });
    expect(onlyOld.data).toEqual([]);
  });
});
