import { and, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { orders, productStock, stockLedger } from "../db/schema";
import { createProduct, type Product } from "../services/products";
import { CUSTOMER_DATA, PRODUCT_BODY } from "../testing/api-fixtures";
import { ledgerMismatches } from "../testing/stock-ledger";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

/**
 * Issue 22 item 7: many customers at once for the last pieces. Every order is a real
 * POST /api/postOrder; on PostgreSQL they run on several connections at once.
 */
describeDb(`orders racing for the last pieces (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;

  beforeAll(async () => {
    ctx = await openTestContext();
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
  });
  afterAll(async () => {
    // After every run: each variant's on-hand quantity is the sum of its ledger entries.
    if (ctx) expect(await ledgerMismatches(ctx.db)).toEqual([]);
    await ctx?.close();
  });

  const post = async (
    lines: { product: Product; size: string; color: string; quantity: number }[],
    n: number,
  ) => {
    const res = await app.request("/api/postOrder", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "idempotency-key": `race-${n}-${Math.random()}`,
      },
      body: JSON.stringify({
        products: lines.map((l) => ({
          id: l.product._id,
          name: l.product.name,
          size: l.size,
          color: l.color,
          originalPrice: l.product.offerPrice ?? l.product.originalPrice,
          quantity: l.quantity,
        })),
        customerData: { ...CUSTOMER_DATA, email: `racer${n}@haat.test` },
      }),
    });
    return {
      status: res.status,
      body: (await res.json()) as {
        insertedId?: string;
        error?: { code: string; products?: unknown };
      },
    };
  };

  const onHand = async (p: Product, size: string, color: string) =>
    (
      await ctx.db
        .select({ q: productStock.quantity })
        .from(productStock)
        .where(
          and(
            eq(productStock.productId, p._id),
            eq(productStock.size, size),
            eq(productStock.color, color),
          ),
        )
    )[0]?.q;

  const ledgerSum = async (p: Product) =>
    Number(
      (
        await ctx.db
          .select({ total: sql<string>`coalesce(sum(${stockLedger.change}), 0)` })
          .from(stockLedger)
          .where(eq(stockLedger.productId, p._id))
      )[0]?.total,
    );

  /** Reads the variant while the orders run: it must never be seen below zero. */
  function watch(p: Product, size: string, color: string) {
    let lowest = Number.POSITIVE_INFINITY;
    let running = true;
    const loop = (async () => {
      while (running) {
        const q = await onHand(p, size, color);
        if (q !== undefined) lowest = Math.min(lowest, q);
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    return async () => {
      running = false;
      await loop;
      return lowest;
    };
  }

  it("200 orders for one variant with 50 on hand: exactly 50 placed, 150 out_of_stock, none left", async () => {
    const tee = await createProduct(ctx.db, {
      ...PRODUCT_BODY,
      name: "Flash Sale Tee",
      sizes: ["M"],
      colors: ["White"],
      trackStock: true,
      stock: [{ size: "M", color: "White", quantity: 50 }],
    });
    const stop = watch(tee, "M", "White");
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        post([{ product: tee, size: "M", color: "White", quantity: 1 }], n),
      ),
    );
    const lowest = await stop();

    const byStatus = (status: number) => answers.filter((a) => a.status === status);
    expect(byStatus(201)).toHaveLength(50);
    expect(byStatus(409)).toHaveLength(150);
    for (const refused of byStatus(409)) {
      expect(refused.body.error?.code).toBe("out_of_stock");
      expect(refused.body.error?.products).toEqual([
        { id: tee._id, color: "White", size: "M", requested: 1, available: 0 },
      ]);
    }
    expect(await onHand(tee, "M", "White")).toBe(0);
    expect(await ledgerSum(tee)).toBe(0);
    expect(lowest).toBeGreaterThanOrEqual(0);
    // Every acknowledged order is stored, and only those.
    const placedIds = byStatus(201).map((a) => a.body.insertedId as string);
    expect(new Set(placedIds).size).toBe(50);
    const stored = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(stockLedger, eq(stockLedger.orderId, orders.id))
      .where(eq(stockLedger.productId, tee._id));
    expect(stored.map((s) => s.id).sort()).toEqual([...placedIds].sort());
  });

  it("orders over two variants, lines in either order: no deadlock answered, no oversell", async () => {
    const shirt = await createProduct(ctx.db, {
      ...PRODUCT_BODY,
      name: "Two Colour Shirt",
      sizes: ["L"],
      colors: ["Black", "White"],
      trackStock: true,
      stock: [
        { size: "L", color: "Black", quantity: 30 },
        { size: "L", color: "White", quantity: 45 },
      ],
    });
    const black = { product: shirt, size: "L", color: "Black", quantity: 1 };
    const white = { product: shirt, size: "L", color: "White", quantity: 1 };
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, n) => post(n % 2 ? [black, white] : [white, black], 1000 + n)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(30);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(50);
    expect(answers.every((a) => a.status === 201 || a.body.error?.code === "out_of_stock")).toBe(
      true,
    );
    expect(await onHand(shirt, "L", "Black")).toBe(0);
    expect(await onHand(shirt, "L", "White")).toBe(15);
    expect(await ledgerSum(shirt)).toBe(15);
  });
});
