import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderStatus } from "~/core/order-status";
import type { AppContext } from "../app-context";
import { orderLines, orderStatusHistory, orders, user } from "../db/schema";
import { insertOrder, type StatusChange } from "../services/orders";
import { createProduct } from "../services/products";
import { signUp } from "../testing/accounts";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

type Who = { id: string; cookie: string; email: string };

describeDb(`order management API (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;
  let admin: Who;
  let alice: Who;
  let bob: Who;
  /** Signed up but never verified: guest orders with her email stay hidden from her. */
  let una: Who;
  let productId: string;

  const call = async (method: string, path: string, who?: Who, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (who) headers.cookie = who.cookie;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await app.request(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };

  const person = async (name: string, email: string, verified: boolean): Promise<Who> => {
    const signed = await signUp(ctx, { name, email });
    if (verified)
      await ctx.db.update(user).set({ emailVerified: true }).where(eq(user.id, signed.id));
    return { ...signed, email };
  };

  let placedAt = Date.parse("2026-11-01T04:00:00.000Z");
  /** An order placed by `userId` (null: a guest) with `email`, moved through `statuses` by an admin. */
  const order = async (
    userId: string | null,
    email: string,
    statuses: OrderStatus[] = [],
    extra: { name?: string; mobileNumber?: string } = {},
  ) => {
    placedAt += 60_000;
    const changes: StatusChange[] = statuses.map((to, i) => ({
      to,
      at: new Date(placedAt + (i + 1) * 1000),
      byUserId: admin.id,
      byRole: "admin",
    }));
    const placed = await insertOrder(ctx.db, {
      userId,
      customer: {
        name: extra.name ?? "Rahim Uddin",
        email,
        mobileNumber: extra.mobileNumber ?? "01712345678",
        district: "ঢাকা",
        thana: "মিরপুর",
        address: "House 12, Road 3",
        comment: "Call before coming",
        addressType: "Home",
        deliveryArea: "Outside Dhaka",
        paymentSystem: "Cash On Delivery",
      },
      lines: [
        {
          productId,
          name: "Leather Bag",
          imageUrl: "",
          color: "Black",
          size: "N/A",
          unitPrice: 450,
          quantity: 2,
        },
      ],
      placedAt: new Date(placedAt),
      laterChanges: changes,
    });
    if (!placed) throw new Error("order not stored");
    return placed;
  };

  const statusOf = async (id: string) =>
    (await ctx.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;

  beforeAll(async () => {
    ctx = await openTestContext();
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    admin = await person("Admin", "admin@haat.test", true);
    await ctx.db.update(user).set({ role: "admin" }).where(eq(user.id, admin.id));
    alice = await person("Alice", "alice@haat.test", true);
    bob = await person("Bob", "bob@haat.test", true);
    una = await person("Una", "una@haat.test", false);
    const product = await createProduct(ctx.db, {
      name: "Leather Bag",
      description: "",
      category: "Bag Items",
      subCategory: "Backpacks",
      productType: "New Arrivals",
      sizes: [],
      colors: ["Black"],
      images: [],
      originalPrice: 500,
      offerPrice: 450,
      ratings: 4.5,
      reviews: 3,
    });
    productId = product._id;
  });
  afterAll(async () => ctx?.close());

  describe("who may call", () => {
    it("answers 401 without a session and 403 for a customer on the admin routes", async () => {
      const target = await order(null, "guest@haat.test", ["Confirmed", "Delivered"]);
      for (const [method, path] of [
        ["GET", "/orders"],
        ["DELETE", `/deleteOrder/${target.id}`],
      ] as const) {
        expect((await call(method, path)).status).toBe(401);
        expect((await call(method, path, alice)).status).toBe(403);
      }
      expect(
        (await call("PUT", `/orderStatus/${target.id}`, undefined, { status: "Return" })).status,
      ).toBe(401);
      expect((await call("GET", `/order?email=${alice.email}`)).status).toBe(401);
      expect((await call("GET", `/orders/${target.id}`)).status).toBe(401);
      expect(await statusOf(target.id)).toBe("Delivered");
    });
  });

  describe("admin lists", () => {
    it("lists by status, newest first, with lines, totals and the spec's fields", async () => {
      const a = await order(alice.id, alice.email, ["Confirmed"]);
      const b = await order(null, "walkin@haat.test", ["Confirmed", "Shipping"]);
      const { status, body } = await call(
        "GET",
        "/orders?status=Confirmed,Shipping&limit=500",
        admin,
      );
      expect(status).toBe(200);
      const ids = body.data.map((o: { _id: string }) => o._id);
      expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
      expect(new Set(body.data.map((o: { orderStatus: string }) => o.orderStatus))).toEqual(
        new Set(["Confirmed", "Shipping"]),
      );
      const shown = body.data.find((o: { _id: string }) => o._id === b.id);
      expect(shown).toMatchObject({
        orderNumber: b.orderNumber,
        subTotal: 900,
        total: 1020,
        orderStatus: "Shipping",
        products: [
          { id: productId, name: "Leather Bag", originalPrice: 450, quantity: 2, lineTotal: 900 },
        ],
        customerData: {
          deliveryArea: "Outside Dhaka",
          deliveryCharge: 120,
          email: "walkin@haat.test",
        },
      });
      expect(shown.date).toMatch(/^\d{2} [A-Z][a-z]{2}, \d{4}$/);
      expect(shown.time).toMatch(/^\d{2}:\d{2} (am|pm)$/);
      expect(body.total).toBe(body.data.length);
    });

    it("pages with a cursor and never repeats an order", async () => {
      for (let i = 0; i < 5; i++) await order(null, `pager${i}@haat.test`, ["Cancelled"]);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `/orders?status=Cancelled&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
        const { body } = await call("GET", query, admin);
        expect(body.data.length).toBeLessThanOrEqual(2);
        seen.push(...body.data.map((o: { _id: string }) => o._id));
        cursor = body.nextCursor;
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      const { body: all } = await call("GET", "/orders?status=Cancelled&limit=500", admin);
      expect(seen).toEqual(all.data.map((o: { _id: string }) => o._id));
      expect(all.total).toBe(seen.length);
    });

    it("searches by order id, order number, phone and name", async () => {
      const o = await order(null, "search@haat.test", [], {
        name: "Karim Zaman",
        mobileNumber: "01898765432",
      });
      // The phone as customers and staff write it: with the country code, spaced, dashed.
      const phones = ["+8801898765432", "8801898765432", "01898-765432", "01898 765 432"];
      for (const q of [o.id.slice(0, 8), String(o.orderNumber), "98765", "karim zam", ...phones]) {
        const { body } = await call("GET", `/orders?q=${encodeURIComponent(q)}`, admin);
        expect(
          body.data.map((x: { _id: string }) => x._id),
          q,
        ).toContain(o.id);
      }
      const { body } = await call("GET", "/orders?q=nobody-like-this", admin);
      expect(body.data).toEqual([]);
    });

    it("answers 400 with field issues for bad filters", async () => {
      for (const query of [
        "status=Lost",
        "limit=0",
        "limit=501",
        "cursor=bm9wZQ",
        `q=${"x".repeat(101)}`,
      ]) {
        const { status, body } = await call("GET", `/orders?${query}`, admin);
        expect(status, query).toBe(400);
        expect(body.error.code).toBe("invalid");
        expect(body.error.issues?.length ?? 0, query).toBeGreaterThan(0);
      }
    });
  });

  describe("status changes (decisions.md table)", () => {
    it("lets an admin walk an order to Delivered and records every change", async () => {
      const o = await order(null, "walk@haat.test");
      for (const to of ["Confirmed", "Shipping", "Delivered"] as const) {
        const { status, body } = await call("PUT", `/orderStatus/${o.id}`, admin, { status: to });
        expect(status, to).toBe(200);
        expect(body).toEqual({ modifiedCount: 1, orderStatus: to });
      }
      const { body } = await call("GET", `/orders/${o.id}`, admin);
      expect(body.data.orderStatus).toBe("Delivered");
      expect(
        body.data.history.map((h: { from: string | null; to: string }) => [h.from, h.to]),
      ).toEqual([
        [null, "Pending"],
        ["Pending", "Confirmed"],
        ["Confirmed", "Shipping"],
        ["Shipping", "Delivered"],
      ]);
      expect(body.data.history.at(-1)).toMatchObject({ byRole: "admin", byName: "Admin" });
    });

    it("answers 409 for every change outside the table and changes nothing", async () => {
      const refused: [OrderStatus[], OrderStatus, "admin" | "owner"][] = [
        [[], "Delivered", "admin"],
        [[], "Shipping", "admin"],
        [[], "Return", "admin"],
        [["Confirmed", "Shipping"], "Shipping", "admin"],
        [["Confirmed", "Delivered"], "Cancelled", "admin"],
        [["Cancelled"], "Delivered", "admin"],
        [["Confirmed", "Delivered", "Return"], "Delivered", "admin"],
        [[], "Confirmed", "owner"],
        [[], "Return", "owner"],
        [["Confirmed"], "Delivered", "owner"],
        [["Confirmed", "Delivered"], "Cancelled", "owner"],
        [["Confirmed", "Delivered", "Return"], "Delivered", "owner"],
        [["Cancelled"], "Pending", "owner"],
      ];
      for (const [path, to, who] of refused) {
        const o = await order(alice.id, alice.email, path);
        const before = path.at(-1) ?? "Pending";
        const { status, body } = await call(
          "PUT",
          `/orderStatus/${o.id}`,
          who === "admin" ? admin : alice,
          {
            status: to,
          },
        );
        expect(status, `${who}: ${before} → ${to}`).toBe(409);
        expect(body.error.code).toBe("conflict");
        expect(await statusOf(o.id)).toBe(before);
      }
    });

    it("answers 400 for a status that does not exist and 404 for an unknown order", async () => {
      const o = await order(null, "bad@haat.test");
      const bad = await call("PUT", `/orderStatus/${o.id}`, admin, { status: "Lost" });
      expect(bad.status).toBe(400);
      expect(bad.body.error.issues[0].path).toBe("status");
      expect((await call("PUT", `/orderStatus/${o.id}`, admin, {})).status).toBe(400);
      expect(
        (await call("PUT", "/orderStatus/no-such-order", admin, { status: "Confirmed" })).status,
      ).toBe(404);
      expect(await statusOf(o.id)).toBe("Pending");
    });

    it("serializes two admins acting on one order at once: one change wins", async () => {
      const o = await order(null, "race@haat.test");
      const results = await Promise.all([
        call("PUT", `/orderStatus/${o.id}`, admin, { status: "Confirmed" }),
        call("PUT", `/orderStatus/${o.id}`, admin, { status: "Confirmed" }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const history = await ctx.db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, o.id));
      expect(history).toHaveLength(2);
    });
  });

  describe("deleting orders", () => {
    it("deletes cancelled, delivered and returned orders with their lines", async () => {
      for (const path of [
        ["Cancelled"],
        ["Confirmed", "Delivered"],
        ["Confirmed", "Delivered", "Return"],
      ] as OrderStatus[][]) {
        const o = await order(null, "gone@haat.test", path);
        const { status, body } = await call("DELETE", `/deleteOrder/${o.id}`, admin);
        expect(status).toBe(200);
        expect(body).toEqual({ deletedCount: 1 });
        expect(await statusOf(o.id)).toBeUndefined();
        expect(await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, o.id))).toEqual(
          [],
        );
      }
    });

    it("refuses active orders with 409 and unknown ids with 404", async () => {
      for (const path of [[], ["Confirmed"], ["Confirmed", "Shipping"]] as OrderStatus[][]) {
        const o = await order(null, "kept@haat.test", path);
        expect((await call("DELETE", `/deleteOrder/${o.id}`, admin)).status).toBe(409);
        expect(await statusOf(o.id)).toBe(path.at(-1) ?? "Pending");
      }
      expect((await call("DELETE", "/deleteOrder/no-such-order", admin)).status).toBe(404);
    });
  });

  describe("a customer's own orders (issue 7)", () => {
    it("lists the orders placed signed in and, once verified, guest orders with the same email", async () => {
      const signedIn = await order(alice.id, alice.email);
      const asGuest = await order(null, "ALICE@haat.test");
      const bobs = await order(bob.id, bob.email);
      const { status, body } = await call("GET", `/order?email=${alice.email}&limit=500`, alice);
      expect(status).toBe(200);
      const ids = body.data.map((o: { _id: string }) => o._id);
      expect(ids).toContain(signedIn.id);
      expect(ids).toContain(asGuest.id);
      expect(ids).not.toContain(bobs.id);
    });

    it("hides guest orders with an unverified account's email, and shows them once verified", async () => {
      const mine = await order(una.id, una.email);
      const guest = await order(null, una.email);
      const before = await call("GET", `/order?email=${una.email}&limit=500`, una);
      expect(before.body.data.map((o: { _id: string }) => o._id)).toEqual([mine.id]);
      expect((await call("GET", `/orders/${guest.id}`, una)).status).toBe(404);
      expect(
        (await call("PUT", `/orderStatus/${guest.id}`, una, { status: "Cancelled" })).status,
      ).toBe(404);

      await ctx.db.update(user).set({ emailVerified: true }).where(eq(user.id, una.id));
      const after = await call("GET", `/order?email=${una.email}&limit=500`, una);
      expect(after.body.data.map((o: { _id: string }) => o._id)).toEqual([guest.id, mine.id]);
      expect((await call("GET", `/orders/${guest.id}`, una)).status).toBe(200);
    });

    it("stops customer A from listing, viewing, cancelling or returning customer B's orders", async () => {
      const active = await order(bob.id, bob.email);
      const delivered = await order(bob.id, bob.email, ["Confirmed", "Delivered"]);
      const list = await call("GET", `/order?email=${bob.email}`, alice);
      expect(list.status).toBe(403);
      const listed = await call("GET", `/order?email=${alice.email}&limit=500`, alice);
      expect(listed.body.data.map((o: { _id: string }) => o._id)).not.toContain(active.id);
      expect((await call("GET", `/orders/${active.id}`, alice)).status).toBe(404);
      expect(
        (await call("PUT", `/orderStatus/${active.id}`, alice, { status: "Cancelled" })).status,
      ).toBe(404);
      expect(
        (await call("PUT", `/orderStatus/${delivered.id}`, alice, { status: "Return" })).status,
      ).toBe(404);
      expect(await statusOf(active.id)).toBe("Pending");
      expect(await statusOf(delivered.id)).toBe("Delivered");
    });

    it("lets the owner cancel, re-confirm and return, recorded as the customer", async () => {
      const o = await order(alice.id, alice.email, ["Confirmed"]);
      expect(
        (await call("PUT", `/orderStatus/${o.id}`, alice, { status: "Cancelled" })).status,
      ).toBe(200);
      const again = await call("PUT", `/orderStatus/${o.id}`, alice, { status: "Confirmed" });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ modifiedCount: 1, orderStatus: "Confirmed" });
      expect(
        (await call("PUT", `/orderStatus/${o.id}`, admin, { status: "Delivered" })).status,
      ).toBe(200);
      expect((await call("PUT", `/orderStatus/${o.id}`, alice, { status: "Return" })).status).toBe(
        200,
      );
      const { body } = await call("GET", `/orders/${o.id}`, alice);
      expect(
        body.data.history.map((h: { to: string; byRole: string }) => `${h.to}:${h.byRole}`),
      ).toEqual([
        "Pending:customer",
        "Confirmed:admin",
        "Cancelled:customer",
        "Confirmed:customer",
        "Delivered:admin",
        "Return:customer",
      ]);
      // The customer sees that the shop acted, not which of its staff; their own name stays.
      const names = body.data.history.map((h: { byName: string | null }) => h.byName);
      expect(names).toEqual(["Alice", null, "Alice", "Alice", null, "Alice"]);
      const asAdmin = await call("GET", `/orders/${o.id}`, admin);
      expect(asAdmin.body.data.history[1]).toMatchObject({ byRole: "admin", byName: "Admin" });
    });

    /** The orders of the staff's Pending list. */
    const staffPendingIds = async () =>
      (await call("GET", "/orders?status=Pending&limit=500", admin)).body.data.map(
        (p: { _id: string }) => p._id,
      );

    it("puts an order the shop had not confirmed back to Pending when its owner confirms it again", async () => {
      // Cancelling and confirming again must not skip the shop's confirmation call.
      const o = await order(alice.id, alice.email);
      expect(
        (await call("PUT", `/orderStatus/${o.id}`, alice, { status: "Cancelled" })).status,
      ).toBe(200);
      const again = await call("PUT", `/orderStatus/${o.id}`, alice, { status: "Confirmed" });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ modifiedCount: 1, orderStatus: "Pending" });
      expect(await statusOf(o.id)).toBe("Pending");
      const { body } = await call("GET", `/orders/${o.id}`, alice);
      expect(
        body.data.history.map((h: { from: string; to: string }) => `${h.from}→${h.to}`),
      ).toEqual(["null→Pending", "Pending→Cancelled", "Cancelled→Pending"]);
      // Back in the staff's Pending list, for the call.
      expect(await staffPendingIds()).toContain(o.id);
      // The owner cannot go on to Confirmed from there: that is the shop's step.
      const skip = await call("PUT", `/orderStatus/${o.id}`, alice, { status: "Confirmed" });
      expect(skip.status).toBe(409);
      expect(await statusOf(o.id)).toBe("Pending");
    });

    it("keeps an order that waits for its code waiting, through a cancel and a confirm again", async () => {
      const o = await order(alice.id, alice.email);
      await ctx.db.update(orders).set({ awaitingCode: true }).where(eq(orders.id, o.id));
      await call("PUT", `/orderStatus/${o.id}`, alice, { status: "Cancelled" });
      const again = await call("PUT", `/orderStatus/${o.id}`, alice, { status: "Confirmed" });
      expect(again.body).toEqual({ modifiedCount: 1, orderStatus: "Pending" });
      const own = await call("GET", `/orders/${o.id}`, alice);
      expect(own.body.data).toMatchObject({ orderStatus: "Pending", awaitingCode: true });
      // Not in the staff's call queue until the code is entered.
      expect(await staffPendingIds()).not.toContain(o.id);
    });

    it("does not let the owner confirm again an order the shop cancelled, or one held for a look", async () => {
      const o = await order(alice.id, alice.email);
      expect(
        (await call("PUT", `/orderStatus/${o.id}`, admin, { status: "Cancelled" })).status,
      ).toBe(200);
      const refused = await call("PUT", `/orderStatus/${o.id}`, alice, { status: "Confirmed" });
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toBe(
        "The shop cancelled this order: call the shop to order it again",
      );
      expect(await statusOf(o.id)).toBe("Cancelled");
      // The shop may send it on; the owner's own cancellation stays theirs to undo.
      expect(
        (await call("PUT", `/orderStatus/${o.id}`, admin, { status: "Confirmed" })).status,
      ).toBe(200);

      const held = await order(alice.id, alice.email);
      await ctx.db
        .update(orders)
        .set({ heldReason: "fraud: 3 returns" })
        .where(eq(orders.id, held.id));
      expect(
        (await call("PUT", `/orderStatus/${held.id}`, alice, { status: "Cancelled" })).status,
      ).toBe(200);
      const again = await call("PUT", `/orderStatus/${held.id}`, alice, { status: "Confirmed" });
      expect(again.status).toBe(409);
      expect(again.body.error.message).toMatch(/held for the shop's check/);
      expect(await statusOf(held.id)).toBe("Cancelled");
    });

    it("lets a customer filter their orders by status, and an admin list any customer's", async () => {
      const cancelled = await order(bob.id, bob.email, ["Cancelled"]);
      const mine = await call("GET", `/order?email=${bob.email}&status=Cancelled&limit=500`, bob);
      expect(mine.body.data.map((o: { _id: string }) => o._id)).toContain(cancelled.id);
      expect(
        mine.body.data.every((o: { orderStatus: string }) => o.orderStatus === "Cancelled"),
      ).toBe(true);
      const byAdmin = await call("GET", `/order?email=${bob.email}&limit=500`, admin);
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body.data.map((o: { _id: string }) => o._id)).toContain(cancelled.id);
      expect(byAdmin.body.data.every((o: { email: string }) => o.email === bob.email)).toBe(true);
      expect((await call("GET", "/order", bob)).status).toBe(400);
    });

    it("cannot delete orders, even its own", async () => {
      const o = await order(alice.id, alice.email, ["Cancelled"]);
      expect((await call("DELETE", `/deleteOrder/${o.id}`, alice)).status).toBe(403);
      expect(await statusOf(o.id)).toBe("Cancelled");
    });
  });

  it("describes the order routes in the OpenAPI document", async () => {
    const doc = await (await app.request("/api/openapi.json")).json();
    for (const path of [
      "/orders",
      "/order",
      "/orders/{id}",
      "/orderStatus/{id}",
      "/deleteOrder/{id}",
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
