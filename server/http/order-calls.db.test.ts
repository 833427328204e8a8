import { asc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { OrderStatus } from "~/core/order-status";
import type { AppContext } from "../app-context";
import { orderStatusHistory, orders } from "../db/schema";
import { listOrders } from "../services/order-queries";
import { insertOrder } from "../services/orders";
import type { Product } from "../services/products";
import { signUp, signUpAdmin } from "../testing/accounts";
import { CUSTOMER_DATA, newProduct } from "../testing/api-fixtures";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

type Who = { id: string; cookie: string; email: string };

/** Issue 23 item 1: the confirmation call's outcomes and internal notes, through the API. */
describeDb(`confirmation calls and notes (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;
  let admin: Who;
  let alice: Who;
  let product: Product;
  let phoneSeq = 0;

  const call = async (method: string, path: string, who?: Who, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (who) headers.cookie = who.cookie;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await app.request(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json(), text: "" };
  };

  /** A fresh number per order unless given, so risk and queue counts stay this test's own. */
  const newPhone = () => `0171${String(1_000_000 + ++phoneSeq).slice(1)}`;

  const order = async (
    statuses: OrderStatus[] = [],
    options: { phone?: string; placedAt?: Date } = {},
  ) => {
    const stored = await insertOrder(ctx.db, {
      userId: alice.id,
      customer: {
        ...CUSTOMER_DATA,
        mobileNumber: options.phone ?? newPhone(),
        email: alice.email,
      },
      lines: [
        {
          productId: product._id,
          name: product.name,
          imageUrl: "",
          color: "White",
          size: "M",
          unitPrice: 1190,
          quantity: 1,
        },
      ],
      placedAt: options.placedAt ?? new Date(),
      laterChanges: statuses.map((to) => ({
        to,
        at: new Date(),
        byUserId: null,
        byRole: "system",
      })),
    });
    if (!stored) throw new Error("order not stored");
    return stored;
  };

  const statusOf = async (id: string) =>
    (await ctx.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;
  const historyOf = (id: string) =>
    ctx.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(asc(orderStatusHistory.changedAt), asc(orderStatusHistory.id));
  const adminActor = () => ({
    userId: admin.id,
    email: admin.email,
    name: "Admin",
    role: "admin" as const,
    emailVerified: true,
  });
  const queueIds = async (filter?: "not_called" | "no_answer" | "risky") => {
    const page = await listOrders(ctx.db, adminActor(), {
      statuses: ["Pending"],
      limit: 500,
      queue: { retryMinutes: 60, ...(filter ? { filter } : {}) },
    });
    return page.data.map((o) => o._id);
  };

  beforeAll(async () => {
    ctx = await openTestContext();
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    admin = { ...(await signUpAdmin(ctx, { email: "admin@haat.test" })), email: "admin@haat.test" };
    alice = { ...(await signUp(ctx, { email: "alice@haat.test" })), email: "alice@haat.test" };
    product = await newProduct(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("Confirmed moves a Pending order to Confirmed, with a history entry and the call listed", async () => {
    const placed = await order();
    const res = await call("POST", `/orders/${placed.id}/calls`, admin, {
      outcome: "confirmed",
      note: "Wants it before Friday",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      data: { outcome: "confirmed", note: "Wants it before Friday", reason: null },
      orderStatus: "Confirmed",
      attempts: 1,
    });
    expect(await statusOf(placed.id)).toBe("Confirmed");
    const last = (await historyOf(placed.id)).at(-1);
    expect(last).toMatchObject({
      fromStatus: "Pending",
      toStatus: "Confirmed",
      changedByRole: "admin",
      changedByUserId: admin.id,
      note: "by confirmation call",
    });
    const detail = await call("GET", `/orders/${placed.id}`, admin);
    expect(detail.body.data.calls).toEqual([
      expect.objectContaining({ outcome: "confirmed", note: "Wants it before Friday" }),
    ]);
    expect(detail.body.data.confirmation).toMatchObject({ attempts: 1, lastOutcome: "confirmed" });
  });

  it("Cancelled needs a reason (400 on `reason`), then cancels with the reason in the history", async () => {
    const placed = await order();
    const bad = await call("POST", `/orders/${placed.id}/calls`, admin, { outcome: "cancelled" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues).toEqual([expect.objectContaining({ path: "reason" })]);
    expect(await statusOf(placed.id)).toBe("Pending");

    const res = await call("POST", `/orders/${placed.id}/calls`, admin, {
      outcome: "cancelled",
      reason: "Fake order",
    });
    expect(res.status).toBe(201);
    expect(res.body.orderStatus).toBe("Cancelled");
    expect(await statusOf(placed.id)).toBe("Cancelled");
    expect((await historyOf(placed.id)).at(-1)).toMatchObject({
      toStatus: "Cancelled",
      note: "by confirmation call: Fake order",
    });
  });

  it("answers 409 for a call on an order that is not Pending, 404 for an unknown order, 400 for an unknown outcome", async () => {
    const confirmed = await order(["Confirmed"]);
    const conflict = await call("POST", `/orders/${confirmed.id}/calls`, admin, {
      outcome: "no_answer",
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.currentStatus ?? conflict.body.error.details?.currentStatus).toBe(
      "Confirmed",
    );
    const calls = (await call("GET", `/orders/${confirmed.id}`, admin)).body.data.calls;
    expect(calls).toEqual([]);

    const missing = await call("POST", "/orders/no-such-order/calls", admin, {
      outcome: "confirmed",
    });
    expect(missing.status).toBe(404);

    const pending = await order();
    const bad = await call("POST", `/orders/${pending.id}/calls`, admin, { outcome: "maybe" });
    expect(bad.status).toBe(400);
    expect(await statusOf(pending.id)).toBe("Pending");
  });

  it("No answer counts the attempt and keeps the order out of the queue for the delay", async () => {
    const placed = await order();
    expect(await queueIds()).toContain(placed.id);
    expect(await queueIds("not_called")).toContain(placed.id);

    const res = await call("POST", `/orders/${placed.id}/calls`, admin, { outcome: "no_answer" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ orderStatus: "Pending", attempts: 1 });
    expect(await statusOf(placed.id)).toBe("Pending");
    expect(await queueIds()).not.toContain(placed.id);
    expect(await queueIds("not_called")).not.toContain(placed.id);
    expect(await queueIds("no_answer")).toContain(placed.id);

    // The delay has passed: the order is back in the queue, its attempts shown.
    await ctx.db
      .update(orders)
      .set({ lastCallAt: sql`now() - interval '61 minutes'` })
      .where(eq(orders.id, placed.id));
    expect(await queueIds()).toContain(placed.id);
    const second = await call("POST", `/orders/${placed.id}/calls`, admin, {
      outcome: "no_answer",
    });
    expect(second.body.attempts).toBe(2);
    const detail = (await call("GET", `/orders/${placed.id}`, admin)).body.data;
    expect(detail.calls.map((c: { outcome: string }) => c.outcome)).toEqual([
      "no_answer",
      "no_answer",
    ]);
    expect(detail.confirmation).toMatchObject({ attempts: 2, lastOutcome: "no_answer" });
  });

  it("Wrong number keeps the order Pending and flagged", async () => {
    const placed = await order();
    const res = await call("POST", `/orders/${placed.id}/calls`, admin, {
      outcome: "wrong_number",
    });
    expect(res.status).toBe(201);
    expect(await statusOf(placed.id)).toBe("Pending");
    const detail = (await call("GET", `/orders/${placed.id}`, admin)).body.data;
    expect(detail.confirmation).toMatchObject({ attempts: 1, lastOutcome: "wrong_number" });
    expect(await queueIds()).toContain(placed.id);
  });

  it("the queue is oldest first, and `risky` shows only the orders of numbers that returned too often", async () => {
    const risky = newPhone();
    for (let i = 0; i < 3; i++)
      await order(["Confirmed", "Shipping", "Delivered", "Return"], { phone: risky });
    const older = await order([], { placedAt: new Date(Date.now() - 3_600_000) });
    const fromRisky = await order([], { phone: risky });
    const ids = await queueIds();
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(fromRisky.id));
    const riskyIds = await queueIds("risky");
    expect(riskyIds).toContain(fromRisky.id);
    expect(riskyIds).not.toContain(older.id);
    const listed = (await call("GET", `/orders/${fromRisky.id}`, admin)).body.data;
    expect(listed.risk).toMatchObject({ orders: 4, returned: 3, risky: true });
  });

  it("notes: added by admins (400 for an empty one), listed for admins, never in a customer's answer", async () => {
    const placed = await order();
    const empty = await call("POST", `/orders/${placed.id}/notes`, admin, { text: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.error.issues).toEqual([expect.objectContaining({ path: "text" })]);

    const secret = "Customer sounded unsure; call again after 6 pm";
    const added = await call("POST", `/orders/${placed.id}/notes`, admin, { text: secret });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ text: secret });
    await call("POST", `/orders/${placed.id}/calls`, admin, {
      outcome: "no_answer",
      note: "secret call note",
    });
    const forAdmin = (await call("GET", `/orders/${placed.id}`, admin)).body.data;
    expect(forAdmin.notes).toEqual([expect.objectContaining({ text: secret })]);

    // The order's owner: their overview and their lists carry neither notes nor calls.
    const own = await call("GET", `/orders/${placed.id}`, alice);
    expect(own.status).toBe(200);
    const list = await call("GET", `/order?email=${encodeURIComponent(alice.email)}`, alice);
    expect(list.status).toBe(200);
    for (const answer of [own.body, list.body]) {
      const text = JSON.stringify(answer);
      expect(text).not.toContain(secret);
      expect(text).not.toContain("secret call note");
      expect(text).not.toContain('"calls"');
      expect(text).not.toContain('"notes"');
      expect(text).not.toContain('"confirmation"');
    }
  });

  it("customers get 403 and guests 401; nothing is recorded", async () => {
    const placed = await order();
    for (const [path, body] of [
      [`/orders/${placed.id}/calls`, { outcome: "confirmed" }],
      [`/orders/${placed.id}/notes`, { text: "hello" }],
    ] as const) {
      expect((await call("POST", path, alice, body)).status).toBe(403);
      expect((await call("POST", path, undefined, body)).status).toBe(401);
    }
    expect(await statusOf(placed.id)).toBe("Pending");
    const detail = (await call("GET", `/orders/${placed.id}`, admin)).body.data;
    expect(detail.calls).toEqual([]);
    expect(detail.notes).toEqual([]);
  });
});
