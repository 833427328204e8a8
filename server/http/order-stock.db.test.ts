import { and, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { orders, productStock, stockLedger } from "../db/schema";
import { createProduct, deleteProduct, type Product } from "../services/products";
import { signUp, signUpAdmin } from "../testing/accounts";
import { CUSTOMER_DATA, PRODUCT_BODY, snapshotTables } from "../testing/api-fixtures";
import { ledgerMismatches } from "../testing/stock-ledger";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

type Who = { id: string; cookie: string; email: string };
type Line = { product: Product; size: string; color: string; quantity: number };

/** Issue 22 item 5: orders take stock atomically, cancelling and returns give it back. */
describeDb(`orders and stock (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;
  let admin: Who;
  let alice: Who;
  let panjabi: Product;
  let mug: Product;
  let untracked: Product;

  const call = async (
    method: string,
    path: string,
    options: { who?: Who; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.who) headers.cookie = options.who.cookie;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const res = await app.request(`/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: res.status, body: await res.json() };
  };

  const orderBody = (lines: Line[]) => {
    const products = lines.map((l) => ({
      id: l.product._id,
      name: l.product.name,
      imageUrl: "",
      color: l.color,
      size: l.size,
      originalPrice: l.product.offerPrice ?? l.product.originalPrice,
      quantity: l.quantity,
    }));
    // No client totals: the server's are taken (the figures are not what this suite is about).
    return { products, customerData: { ...CUSTOMER_DATA, email: "buyer@haat.test" } };
  };
  const order = (lines: Line[], options: { who?: Who; key?: string } = {}) =>
    call("POST", "/postOrder", {
      who: options.who,
      body: orderBody(lines),
      headers: options.key ? { "idempotency-key": options.key } : {},
    });
  const setStatus = (id: string, status: string, who: Who) =>
    call("PUT", `/orderStatus/${id}`, { who, body: { status } });

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
    )[0]?.q ?? 0;
  const ledgerOf = (orderId: string) =>
    ctx.db
      .select({
        productId: stockLedger.productId,
        size: stockLedger.size,
        color: stockLedger.color,
        change: stockLedger.change,
        reason: stockLedger.reason,
        userId: stockLedger.userId,
      })
      .from(stockLedger)
      .where(eq(stockLedger.orderId, orderId))
      .orderBy(stockLedger.id);

  /** Sets a variant's pieces on hand by hand (through the admin API). */
  const stockTo = async (p: Product, size: string, color: string, quantity: number) => {
    const change = quantity - (await onHand(p, size, color));
    if (change === 0) return;
    const res = await call("POST", `/products/${p._id}/stock`, {
      who: admin,
      body: { size, color, change },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  beforeAll(async () => {
    ctx = await openTestContext();
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    admin = { ...(await signUpAdmin(ctx, { email: "admin@haat.test" })), email: "admin@haat.test" };
    alice = { ...(await signUp(ctx, { email: "alice@haat.test" })), email: "alice@haat.test" };
    panjabi = await createProduct(ctx.db, {
      ...PRODUCT_BODY,
      sizes: ["M", "L"],
      colors: ["White"],
      trackStock: true,
      stock: [
        { size: "M", color: "White", quantity: 3 },
        { size: "L", color: "White", quantity: 10 },
      ],
    });
    mug = await createProduct(ctx.db, {
      ...PRODUCT_BODY,
      name: "Clay Mug",
      sizes: [],
      colors: [],
      trackStock: true,
      stock: [{ size: "N/A", color: "N/A", quantity: 5 }],
    });
    untracked = await createProduct(ctx.db, {
      ...PRODUCT_BODY,
      name: "Plain Cap",
      sizes: [],
      colors: [],
    });
  });
  afterAll(async () => {
    if (ctx) expect(await ledgerMismatches(ctx.db)).toEqual([]);
    await ctx?.close();
  });

  describe("placing an order", () => {
    it("takes every tracked line's pieces with the order, one ledger entry each", async () => {
      const placed = await order(
        [
          { product: panjabi, size: "M", color: "White", quantity: 2 },
          { product: mug, size: "N/A", color: "N/A", quantity: 1 },
          { product: untracked, size: "N/A", color: "N/A", quantity: 4 },
        ],
        { who: alice },
      );
      expect(placed.status).toBe(201);
      expect(await onHand(panjabi, "M", "White")).toBe(1);
      expect(await onHand(mug, "N/A", "N/A")).toBe(4);
      const entries = await ledgerOf(placed.body.insertedId);
      expect(entries).toHaveLength(2);
      expect(entries).toEqual(
        expect.arrayContaining([
          {
            productId: panjabi._id,
            size: "M",
            color: "White",
            change: -2,
            reason: "order_placed",
            userId: alice.id,
          },
          {
            productId: mug._id,
            size: "N/A",
            color: "N/A",
            change: -1,
            reason: "order_placed",
            userId: alice.id,
          },
        ]),
      );
      // The API shows what is left at once (the cached answer was dropped).
      const read = await call("GET", `/product/${panjabi._id}`);
      expect(read.body.data.stock).toContainEqual({ size: "M", color: "White", quantity: 1 });
      expect(read.body.data.trackStock).toBe(true);
    });

    it("refuses with 409 out_of_stock naming each short line, and stores and takes nothing", async () => {
      const before = await snapshotTables(ctx);
      const refused = await order([
        { product: mug, size: "N/A", color: "N/A", quantity: 1 },
        { product: panjabi, size: "M", color: "White", quantity: 2 },
      ]);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe("out_of_stock");
      expect(refused.body.error.products).toEqual([
        { id: panjabi._id, color: "White", size: "M", requested: 2, available: 1 },
      ]);
      expect(refused.body.error.message).toContain("only 1 left, you asked for 2");
      expect(await snapshotTables(ctx)).toEqual(before);
    });

    it("reads only the stock guard's own failure as out of stock: another NOT NULL failure is an error", async () => {
      // A constraint failure that is not the stock guard (NOT NULL on orders.id): a trigger
      // blanks the new order's history row, so its own NOT NULL fails the order's statement.
      await ctx.db.execute(sql`create function blank_history() returns trigger language plpgsql
        as $$ begin new.to_status := null; return new; end $$`);
      await ctx.db.execute(sql`create trigger blank_history before insert on order_status_history
        for each row execute function blank_history()`);
      try {
        const before = await snapshotTables(ctx);
        const failed = await order([{ product: mug, size: "N/A", color: "N/A", quantity: 1 }]);
        expect(failed.status).toBe(500);
        expect(failed.body.error.code).toBe("internal");
        expect(failed.body.error.products).toBeUndefined();
        expect(await snapshotTables(ctx)).toEqual(before);
      } finally {
        await ctx.db.execute(sql`drop trigger blank_history on order_status_history`);
        await ctx.db.execute(sql`drop function blank_history()`);
      }
    });

    it("counts a variant ordered on two lines together", async () => {
      const refused = await order([
        { product: mug, size: "N/A", color: "N/A", quantity: 3 },
        { product: mug, size: "N/A", color: "N/A", quantity: 2 },
      ]);
      expect(refused.status).toBe(409);
      expect(refused.body.error.products).toEqual([
        { id: mug._id, color: "N/A", size: "N/A", requested: 5, available: 4 },
      ]);
    });

    it("refuses a tracked variant that has no row at all (none on hand)", async () => {
      await ctx.db
        .delete(productStock)
        .where(and(eq(productStock.productId, panjabi._id), eq(productStock.size, "L")));
      await ctx.db
        .delete(stockLedger)
        .where(and(eq(stockLedger.productId, panjabi._id), eq(stockLedger.size, "L")));
      const refused = await order([{ product: panjabi, size: "L", color: "White", quantity: 1 }]);
      expect(refused.status).toBe(409);
      expect(refused.body.error.products).toEqual([
        { id: panjabi._id, color: "White", size: "L", requested: 1, available: 0 },
      ]);
      await stockTo(panjabi, "L", "White", 10);
    });

    it("never limits a product that does not track stock", async () => {
      const placed = await order([{ product: untracked, size: "N/A", color: "N/A", quantity: 99 }]);
      expect(placed.status).toBe(201);
      expect(await ledgerOf(placed.body.insertedId)).toEqual([]);
    });

    it("takes the stock once for one Idempotency-Key, replayed or sent twice at once", async () => {
      const line = [{ product: panjabi, size: "L", color: "White", quantity: 1 }];
      const first = await order(line, { key: "stock-replay-1" });
      const again = await order(line, { key: "stock-replay-1" });
      expect([first.status, again.status]).toEqual([201, 200]);
      expect(again.body.insertedId).toBe(first.body.insertedId);
      expect(await onHand(panjabi, "L", "White")).toBe(9);

      const both = await Promise.all([
        order(line, { key: "stock-replay-2" }),
        order(line, { key: "stock-replay-2" }),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
      expect(both[0]?.body.insertedId).toBe(both[1]?.body.insertedId);
      expect(await onHand(panjabi, "L", "White")).toBe(8);
      expect(await ledgerOf(first.body.insertedId)).toHaveLength(1);
    });
  });

  describe("changing an order", () => {
    it("gives the pieces back when the customer cancels, and takes them again on re-confirm", async () => {
      await stockTo(mug, "N/A", "N/A", 5);
      const placed = await order([{ product: mug, size: "N/A", color: "N/A", quantity: 2 }], {
        who: alice,
      });
      const id = placed.body.insertedId as string;
      expect(await onHand(mug, "N/A", "N/A")).toBe(3);

      expect((await setStatus(id, "Cancelled", alice)).status).toBe(200);
      expect(await onHand(mug, "N/A", "N/A")).toBe(5);
      expect((await call("GET", `/product/${mug._id}`)).body.data.stock).toEqual([
        { size: "N/A", color: "N/A", quantity: 5 },
      ]);

      expect((await setStatus(id, "Confirmed", alice)).status).toBe(200);
      expect(await onHand(mug, "N/A", "N/A")).toBe(3);
      expect((await setStatus(id, "Cancelled", admin)).status).toBe(200);
      expect(await onHand(mug, "N/A", "N/A")).toBe(5);
      expect((await ledgerOf(id)).map((e) => [e.change, e.reason, e.userId])).toEqual([
        [-2, "order_placed", alice.id],
        [2, "order_cancelled", alice.id],
        [-2, "order_placed", alice.id],
        [2, "order_cancelled", admin.id],
      ]);
    });

    it("gives the pieces back when a confirmation call cancels the order", async () => {
      await stockTo(mug, "N/A", "N/A", 5);
      const placed = await order([{ product: mug, size: "N/A", color: "N/A", quantity: 2 }]);
      const id = placed.body.insertedId as string;
      expect(await onHand(mug, "N/A", "N/A")).toBe(3);
      const called = await call("POST", `/orders/${id}/calls`, {
        who: admin,
        body: { outcome: "cancelled", reason: "Fake order" },
      });
      expect(called.status, JSON.stringify(called.body)).toBe(201);
      expect(called.body.orderStatus).toBe("Cancelled");
      expect(await onHand(mug, "N/A", "N/A")).toBe(5);
      expect((await ledgerOf(id)).map((e) => [e.change, e.reason, e.userId])).toEqual([
        [-2, "order_placed", null],
        [2, "order_cancelled", admin.id],
      ]);
    });

    it("refuses to re-confirm a cancelled order whose pieces are gone (409), changing nothing", async () => {
      await stockTo(mug, "N/A", "N/A", 5);
      const placed = await order([{ product: mug, size: "N/A", color: "N/A", quantity: 4 }], {
        who: alice,
      });
      const id = placed.body.insertedId as string;
      expect((await setStatus(id, "Cancelled", alice)).status).toBe(200);
      await stockTo(mug, "N/A", "N/A", 3);
      const before = await snapshotTables(ctx);
      const refused = await setStatus(id, "Confirmed", admin);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe("out_of_stock");
      expect(refused.body.error.products).toEqual([
        { id: mug._id, color: "N/A", size: "N/A", requested: 4, available: 3 },
      ]);
      expect(await snapshotTables(ctx)).toEqual(before);
    });

    it("refuses to re-confirm a cancelled order whose product was deleted since (409, none available)", async () => {
      const lantern = await createProduct(ctx.db, {
        ...PRODUCT_BODY,
        name: "Brass Lantern",
        sizes: [],
        colors: [],
      });
      const placed = await order([{ product: lantern, size: "N/A", color: "N/A", quantity: 2 }], {
        who: alice,
      });
      const id = placed.body.insertedId as string;
      expect((await setStatus(id, "Cancelled", alice)).status).toBe(200);
      await deleteProduct(ctx, { role: "admin" }, lantern._id);
      const before = await snapshotTables(ctx);
      const refused = await setStatus(id, "Confirmed", admin);
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.error.code).toBe("out_of_stock");
      expect(refused.body.error.products).toEqual([
        { id: lantern._id, color: "N/A", size: "N/A", requested: 2, available: 0 },
      ]);
      expect(await snapshotTables(ctx)).toEqual(before);
    });

    it("gives a return's pieces back only when the admin marks it received, once", async () => {
      await stockTo(mug, "N/A", "N/A", 5);
      const placed = await order([{ product: mug, size: "N/A", color: "N/A", quantity: 2 }], {
        who: alice,
      });
      const id = placed.body.insertedId as string;
      for (const status of ["Confirmed", "Delivered", "Return"]) {
        expect((await setStatus(id, status, admin)).status, status).toBe(200);
      }
      expect(await onHand(mug, "N/A", "N/A")).toBe(3);

      expect((await call("POST", `/orders/${id}/return-received`, { who: alice })).status).toBe(
        403,
      );
      expect((await call("POST", `/orders/${id}/return-received`)).status).toBe(401);
      const received = await call("POST", `/orders/${id}/return-received`, { who: admin });
      expect(received.status).toBe(200);
      expect(received.body.orderStatus).toBe("Return");
      expect(Date.now() - Date.parse(received.body.returnReceivedAt)).toBeLessThan(60_000);
      expect(await onHand(mug, "N/A", "N/A")).toBe(5);
      expect((await ledgerOf(id)).at(-1)).toMatchObject({ change: 2, reason: "returned" });

      const twice = await call("POST", `/orders/${id}/return-received`, { who: admin });
      expect(twice.status).toBe(409);
      expect(await onHand(mug, "N/A", "N/A")).toBe(5);
      const detail = await call("GET", `/orders/${id}`, { who: admin });
      expect(detail.body.data.returnReceivedAt).toBe(received.body.returnReceivedAt);

      const pending = await order([{ product: mug, size: "N/A", color: "N/A", quantity: 1 }]);
      const notReturned = await call("POST", `/orders/${pending.body.insertedId}/return-received`, {
        who: admin,
      });
      expect(notReturned.status).toBe(409);
      expect((await call("POST", "/orders/nope/return-received", { who: admin })).status).toBe(404);
    });

    it("changes no stock when an order is deleted", async () => {
      await stockTo(mug, "N/A", "N/A", 5);
      const placed = await order([{ product: mug, size: "N/A", color: "N/A", quantity: 2 }], {
        who: alice,
      });
      const id = placed.body.insertedId as string;
      expect((await setStatus(id, "Cancelled", admin)).status).toBe(200);
      expect(await onHand(mug, "N/A", "N/A")).toBe(5);
      expect((await call("DELETE", `/deleteOrder/${id}`, { who: admin })).status).toBe(200);
      expect(await onHand(mug, "N/A", "N/A")).toBe(5);
      expect(await ctx.db.$count(orders, eq(orders.id, id))).toBe(0);
      // Its stock history stays, with no order number any more.
      const history = await call("GET", `/products/${mug._id}/stock-history?limit=100`, {
        who: admin,
      });
      const entries = history.body.data.filter((e: { orderId: string }) => e.orderId === id);
      expect(entries.map((e: { change: number }) => e.change)).toEqual([2, -2]);
      expect(entries.every((e: { orderNumber: null }) => e.orderNumber === null)).toBe(true);
    });
  });
});
