import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { orderLines, orderStatusHistory, orders } from "../db/schema";
import { CUSTOMER_DATA } from "../testing/api-fixtures";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { insertOrder, type NewOrderRecord } from "./orders";

describeDb(`storing an order in one statement (${TEST_DB})`, () => {
  let ctx: AppContext;
  const record = (key: string, name: string): NewOrderRecord => ({
    userId: null,
    customer: { ...CUSTOMER_DATA, name, email: "Key@Haat.test", deliveryArea: "Outside Dhaka" },
    lines: [
      {
        productId: "p1",
        name: "Mug",
        imageUrl: "",
        color: "N/A",
        size: "N/A",
        unitPrice: 250,
        quantity: 2,
      },
      {
        productId: "p2",
        name: "Cap",
        imageUrl: "",
        color: "Red",
        size: "M",
        unitPrice: 100,
        quantity: 1,
      },
    ],
    placedAt: new Date("2026-11-24T10:00:00Z"),
    idempotencyKey: key,
    requestHash: "h",
  });
  const total = async (table: typeof orders | typeof orderLines | typeof orderStatusHistory) =>
    (await ctx.db.select({ n: count() }).from(table))[0]?.n ?? 0;

  beforeAll(async () => {
    ctx = await openTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it("stores the order, its lines and its first status, with server totals", async () => {
    const placed = await insertOrder(ctx.db, record("key-1", "Rahim"));
    expect(placed).toMatchObject({
      subTotal: 600,
      deliveryCharge: 120,
      total: 720,
      status: "Pending",
    });
    expect(placed?.orderNumber).toBeGreaterThan(0);
    const id = placed?.id as string;
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({
      customerEmail: "key@haat.test",
      total: 720,
      idempotencyKey: "key-1",
    });
    const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, id));
    expect(lines.map((l) => [l.position, l.name, l.quantity])).toEqual([
      [0, "Mug", 2],
      [1, "Cap", 1],
    ]);
    const history = await ctx.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.changedByRole])).toEqual([
      [null, "Pending", "system"],
    ]);
  });

  it("stores nothing and answers null when another order holds the idempotency key", async () => {
    const before = [await total(orders), await total(orderLines), await total(orderStatusHistory)];
    expect(await insertOrder(ctx.db, record("key-1", "Karim"))).toBeNull();
    expect([await total(orders), await total(orderLines), await total(orderStatusHistory)]).toEqual(
      before,
    );
    const [kept] = await ctx.db.select().from(orders).where(eq(orders.idempotencyKey, "key-1"));
    expect(kept?.customerName).toBe("Rahim");
  });
});
