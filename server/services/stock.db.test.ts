import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/core/actor";
import type { AppContext } from "../app-context";
import { productStock, products, stockLedger } from "../db/schema";
import type { AppError } from "../errors";
import { PRODUCT_BODY, snapshotTables } from "../testing/api-fixtures";
import { ledgerMismatches } from "../testing/stock-ledger";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { addProduct, createProduct, listProducts, type Product, updateProduct } from "./products";
import {
  adjustStock,
  cachedStockOf,
  stockAlerts,
  stockCacheKey,
  stockHistory,
  stockOf,
} from "./stock";

const SHIRT = {
  ...PRODUCT_BODY,
  name: "Cotton Shirt",
  sizes: ["M" as const, "L" as const],
  colors: ["White" as const, "Black" as const],
};

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    return err as AppError;
  }
  throw new Error("expected a refusal");
}

describeDb(`stock per variant with its ledger (${TEST_DB})`, () => {
  let ctx: AppContext;
  let admin: Actor;
  const customer: Actor = {
    userId: "customer-1",
    email: "c@haat.test",
    name: "C",
    role: "customer",
    emailVerified: true,
  };

  beforeAll(async () => {
    ctx = await openTestContext();
    const { signUpAdmin } = await import("../testing/accounts");
    const account = await signUpAdmin(ctx, { name: "Shop Admin", email: "admin@stock.test" });
    admin = {
      userId: account.id,
      email: "admin@stock.test",
      name: "Shop Admin",
      role: "admin",
      emailVerified: true,
    };
  });
  afterAll(async () => {
    // After every suite: each variant's on-hand quantity is the sum of its ledger entries.
    if (ctx) expect(await ledgerMismatches(ctx.db)).toEqual([]);
    await ctx?.close();
  });

  const levels = async (p: Product) => (await stockOf(ctx.db, [p])).get(p._id);

  describe("a product's grid", () => {
    it("is stored with the product, one adjustment per figure; unlisted variants start at 0", async () => {
      const shirt = await addProduct(ctx, admin, {
        ...SHIRT,
        trackStock: true,
        stock: [
          { size: "M", color: "White", quantity: 5 },
          { size: "L", color: "Black", quantity: 2 },
        ],
      });
      expect(shirt.trackStock).toBe(true);
      expect(await levels(shirt)).toEqual([
        { size: "M", color: "White", quantity: 5 },
        { size: "M", color: "Black", quantity: 0 },
        { size: "L", color: "White", quantity: 0 },
        { size: "L", color: "Black", quantity: 2 },
      ]);
      // A tracked product has a row for every variant it offers.
      expect(await ctx.db.$count(productStock, eq(productStock.productId, shirt._id))).toBe(4);
      const entries = await ctx.db
        .select()
        .from(stockLedger)
        .where(eq(stockLedger.productId, shirt._id));
      expect(entries.map((e) => [e.size, e.color, e.change, e.reason, e.userId])).toEqual([
        ["M", "White", 5, "adjustment", admin.userId],
        ["L", "Black", 2, "adjustment", admin.userId],
      ]);
    });

    it("of a product with neither sizes nor colours is one N/A variant; untracked stores none", async () => {
      const mug = await createProduct(ctx.db, {
        ...PRODUCT_BODY,
        name: "Clay Mug",
        sizes: [],
        colors: [],
      });
      expect(mug.trackStock).toBe(false);
      expect(await levels(mug)).toEqual([{ size: "N/A", color: "N/A", quantity: 0 }]);
      expect(await ctx.db.$count(productStock, eq(productStock.productId, mug._id))).toBe(0);
    });

    it("refuses negative, fractional and unknown cells with field issues, storing nothing", async () => {
      const before = await snapshotTables(ctx);
      const err = await refusal(
        addProduct(ctx, admin, {
          ...SHIRT,
          trackStock: true,
          stock: [
            { size: "M", color: "White", quantity: -1 },
            { size: "L", color: "Black", quantity: 1.5 },
          ],
        }),
      );
      expect(err.status).toBe(400);
      expect(err.issues).toEqual([
        { path: "stock.0.quantity", message: "Quantities cannot be negative" },
        { path: "stock.1.quantity", message: "Quantities are whole numbers" },
      ]);
      const unknown = await refusal(
        addProduct(ctx, admin, {
          ...SHIRT,
          stock: [{ size: "XL", color: "Red", quantity: 1 }],
        }),
      );
      expect(unknown.status).toBe(400);
      expect(unknown.issues?.map((i) => i.path)).toEqual(["stock.0.size", "stock.0.color"]);
      expect(await snapshotTables(ctx)).toEqual(before);
    });

    it("changes by update: listed figures set, others kept, a new size gets its row", async () => {
      const shirt = await addProduct(ctx, admin, {
        ...SHIRT,
        name: "Linen Shirt",
        trackStock: true,
        stock: [
          { size: "M", color: "White", quantity: 5 },
          { size: "L", color: "White", quantity: 7 },
        ],
      });
      const updated = await updateProduct(ctx, admin, shirt._id, {
        sizes: ["M", "L", "XL"],
        stock: [
          { size: "M", color: "White", quantity: 3 },
          { size: "XL", color: "Black", quantity: 4 },
        ],
      });
      expect(updated.stock).toEqual([
        { size: "M", color: "White", quantity: 3 },
        { size: "M", color: "Black", quantity: 0 },
        { size: "L", color: "White", quantity: 7 },
        { size: "L", color: "Black", quantity: 0 },
        { size: "XL", color: "White", quantity: 0 },
        { size: "XL", color: "Black", quantity: 4 },
      ]);
      expect(await ctx.db.$count(productStock, eq(productStock.productId, shirt._id))).toBe(6);

      // A cell for a size the product will no longer have: refused, nothing changed.
      const before = await snapshotTables(ctx);
      const err = await refusal(
        updateProduct(ctx, admin, shirt._id, {
          sizes: ["M"],
          stock: [{ size: "L", color: "White", quantity: 1 }],
        }),
      );
      expect(err.status).toBe(400);
      expect(err.issues).toEqual([
        { path: "stock.0.size", message: "Size L is not offered for this product" },
      ]);
      expect(await snapshotTables(ctx)).toEqual(before);

      // Switching tracking off keeps the figures; switching it on again uses them.
      const off = await updateProduct(ctx, admin, shirt._id, { trackStock: false });
      expect(off.trackStock).toBe(false);
      expect(off.stock.find((l) => l.size === "L" && l.color === "White")?.quantity).toBe(7);
    });

    it("is only an admin's to change", async () => {
      const err = await refusal(addProduct(ctx, customer, { ...SHIRT, trackStock: true }));
      expect(err.status).toBe(403);
    });
  });

  describe("a change by hand", () => {
    let bag: Product;
    beforeAll(async () => {
      bag = await addProduct(ctx, admin, {
        ...PRODUCT_BODY,
        name: "Jute Tote Bag",
        category: "Bag Items",
        subCategory: "Tote Bag",
        sizes: [],
        colors: ["Black"],
        trackStock: true,
        stock: [{ size: "N/A", color: "Black", quantity: 4 }],
      });
    });

    it("adds or takes pieces and answers the new quantity", async () => {
      expect(
        await adjustStock(ctx, admin, bag._id, { size: "N/A", color: "Black", change: 6 }),
      ).toEqual({ size: "N/A", color: "Black", quantity: 10 });
      expect(
        await adjustStock(ctx, admin, bag._id, {
          size: "N/A",
          color: "Black",
          change: -3,
          reason: "import",
        }),
      ).toEqual({ size: "N/A", color: "Black", quantity: 7 });
    });

    it("refuses going below zero, unknown variants, fractions and 0 with 400, changing nothing", async () => {
      const before = await snapshotTables(ctx);
      const cases: [unknown, string][] = [
        [{ size: "N/A", color: "Black", change: -8 }, "change"],
        [{ size: "N/A", color: "Red", change: 1 }, "color"],
        [{ size: "M", color: "Black", change: 1 }, "size"],
        [{ size: "N/A", color: "Black", change: 1.5 }, "change"],
        [{ size: "N/A", color: "Black", change: 0 }, "change"],
        [{ size: "N/A", color: "Black", change: 1, reason: "order_placed" }, "reason"],
        [{ color: "Black", change: 1 }, "size"],
      ];
      for (const [body, path] of cases) {
        const err = await refusal(adjustStock(ctx, admin, bag._id, body));
        expect(err.status, JSON.stringify(body)).toBe(400);
        expect(
          err.issues?.map((i) => i.path),
          JSON.stringify(body),
        ).toContain(path);
      }
      const below = await refusal(
        adjustStock(ctx, admin, bag._id, { size: "N/A", color: "Black", change: -8 }),
      );
      expect(below.issues).toEqual([
        { path: "change", message: "Only 7 on hand: take away at most 7" },
      ]);
      expect(await snapshotTables(ctx)).toEqual(before);
    });

    it("answers 404 for an unknown product and 403 for a customer", async () => {
      const body = { size: "N/A", color: "Black", change: 1 };
      expect((await refusal(adjustStock(ctx, admin, "nope", body))).status).toBe(404);
      expect((await refusal(adjustStock(ctx, customer, bag._id, body))).status).toBe(403);
      expect((await refusal(adjustStock(ctx, null, bag._id, body))).status).toBe(401);
    });

    it("is in the product's history, newest first, with who made it, a page at a time", async () => {
      const first = await stockHistory(ctx.db, admin, bag._id, { limit: 2 });
      expect(first.data.map((e) => [e.change, e.reason, e.userName, e.orderNumber])).toEqual([
        [-3, "import", "Shop Admin", null],
        [6, "adjustment", "Shop Admin", null],
      ]);
      expect(first.nextCursor).not.toBeNull();
      const second = await stockHistory(ctx.db, admin, bag._id, {
        limit: 2,
        cursor: first.nextCursor ?? undefined,
      });
      expect(second.data.map((e) => e.change)).toEqual([4]);
      expect(second.nextCursor).toBeNull();
      expect((await refusal(stockHistory(ctx.db, customer, bag._id))).status).toBe(403);
      expect((await refusal(stockHistory(ctx.db, admin, "nope"))).status).toBe(404);
      expect((await refusal(stockHistory(ctx.db, admin, bag._id, { cursor: "x" }))).issues).toEqual(
        [{ path: "cursor", message: "Invalid cursor" }],
      );
    });
  });

  describe("the admin's filters", () => {
    it("find low (a variant at or below 3) and sold-out tracked products", async () => {
      const make = (name: string, quantities: number[], trackStock = true) =>
        createProduct(ctx.db, {
          ...PRODUCT_BODY,
          name,
          sizes: ["M", "L"],
          colors: [],
          trackStock,
          stock: [
            { size: "M", color: "N/A", quantity: quantities[0] ?? 0 },
            { size: "L", color: "N/A", quantity: quantities[1] ?? 0 },
          ],
        });
      await make("Filter Plenty", [10, 12]);
      await make("Filter Low", [10, 3]);
      await make("Filter Gone", [0, 0]);
      await make("Filter Untracked", [0, 0], false);
      // A size dropped while it still had pieces does not keep the product in stock.
      const dropped = await make("Filter Dropped", [0, 9]);
      await updateProduct(ctx, admin, dropped._id, { sizes: ["M"] });

      const names = async (stock: "low" | "sold_out") =>
        (await listProducts(ctx.db, { searchQuery: "Filter", limit: 20 }, { stock })).data.map(
          (p) => p.name,
        );
      expect(await names("low")).toEqual(["Filter Dropped", "Filter Gone", "Filter Low"]);
      expect(await names("sold_out")).toEqual(["Filter Dropped", "Filter Gone"]);
      expect(
        (await listProducts(ctx.db, { limit: 50 }, { stock: "low", lowThreshold: 0 })).data.map(
          (p) => p.name,
        ),
      ).toEqual(expect.arrayContaining(["Filter Gone", "Filter Dropped"]));
      const alerts = await stockAlerts(ctx.db);
      expect(alerts.soldOut).toBeGreaterThanOrEqual(2);
      expect(alerts.low).toBeGreaterThanOrEqual(3);
    });
  });

  describe("stock through the catalogue cache", () => {
    it("reads what is missing in one query and drops only stock on a stock change", async () => {
      const [a, b] = await Promise.all([
        createProduct(ctx.db, {
          ...PRODUCT_BODY,
          name: "Cached A",
          sizes: [],
          colors: [],
          trackStock: true,
          stock: [{ size: "N/A", color: "N/A", quantity: 8 }],
        }),
        createProduct(ctx.db, {
          ...PRODUCT_BODY,
          name: "Cached B",
          sizes: [],
          colors: [],
          trackStock: true,
          stock: [{ size: "N/A", color: "N/A", quantity: 2 }],
        }),
      ]);
      if (!a || !b) throw new Error("products not made");
      ctx.catalogueCache.clear();
      await ctx.catalogueCache.get("listing:x", async () => "page");
      const first = await cachedStockOf(ctx, [a, b]);
      expect(first.get(a._id)?.[0]?.quantity).toBe(8);
      expect(ctx.catalogueCache.has(stockCacheKey(a._id))).toBe(true);

      await ctx.db
        .update(productStock)
        .set({ quantity: 7 })
        .where(eq(productStock.productId, a._id));
      await ctx.db.insert(stockLedger).values({
        productId: a._id,
        size: "N/A",
        color: "N/A",
        change: -1,
        reason: "adjustment",
      });
      // Cached until the change is announced; then only that product's stock is read again.
      expect((await cachedStockOf(ctx, [a]))?.get(a._id)?.[0]?.quantity).toBe(8);
      await ctx.catalogueEvents.publish({ kind: "stock", id: a._id });
      expect(ctx.catalogueCache.has(stockCacheKey(a._id))).toBe(false);
      expect(ctx.catalogueCache.has(stockCacheKey(b._id))).toBe(true);
      expect(ctx.catalogueCache.has("listing:x")).toBe(true);
      expect((await cachedStockOf(ctx, [a, b])).get(a._id)?.[0]?.quantity).toBe(7);
      await ctx.catalogueEvents.publish({ kind: "product", id: a._id });
      expect(ctx.catalogueCache.has("listing:x")).toBe(false);
    });
  });

  it("keeps a product's stock and history only as long as the product", async () => {
    const gone = await createProduct(ctx.db, {
      ...PRODUCT_BODY,
      name: "Short Lived",
      trackStock: true,
      stock: [{ size: "M", color: "White", quantity: 3 }],
    });
    await ctx.db.delete(products).where(eq(products.id, gone._id));
    expect(await ctx.db.$count(stockLedger, eq(stockLedger.productId, gone._id))).toBe(0);
    expect(await ctx.db.$count(productStock, eq(productStock.productId, gone._id))).toBe(0);
  });
});
