import { and, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failureText } from "~/app/features/orders/order-text";
import { wholeCatalog } from "~/app/i18n/catalog.server";
import { makeTranslator } from "~/app/i18n/translator";
import { actorMiddleware } from "~/app/lib/context.server";
import type { AppContext } from "~/server/app-context";
import { orderCouriers, orders, productStock, stockLedger } from "~/server/db/schema";
import { mountServerRoutes } from "~/server/http/api";
import type { AppEnv } from "~/server/http/env";
import { appContext } from "~/server/http/router-context";
import { pollCourierStatuses } from "~/server/services/courier-status";
import { createProduct, type Product } from "~/server/services/products";
import { signUp, signUpAdmin } from "~/server/testing/accounts";
import { CUSTOMER_DATA, PRODUCT_BODY } from "~/server/testing/api-fixtures";
import { startFakeRedx, startFakeSteadfast } from "~/server/testing/fake-couriers";
import { ledgerMismatches } from "~/server/testing/stock-ledger";
import { describeDb, openTestContext, TEST_DB } from "~/server/testing/test-context";
import { postToAction } from "~/tests/support/page-action";
import { action as homeAction, loader as homeLoader } from "./home";
import { action as overviewAction } from "./order-overview";

type Who = { id: string; cookie: string; email: string };

const STEADFAST = { apiKey: "sf-key", secretKey: "sf-secret" };
const REDX = { token: "redx-jwt" };
const SF_HOOK = "sf-hook";

/**
 * D9 (decision 078): cancelling an order whose parcel is booked, and a courier's later news of
 * a Cancelled order's parcel — through the JSON API and the dashboard's actions and home page,
 * against the fake Steadfast and RedX.
 */
describeDb(`cancelling a booked order (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;
  let admin: Who;
  let alice: Who;
  let panjabi: Product;
  let steadfast: Awaited<ReturnType<typeof startFakeSteadfast>>;
  let redx: Awaited<ReturnType<typeof startFakeRedx>>;

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
  const steadfastHook = (invoice: number, status: string) =>
    steadfast.notify(`${baseUrl}/api/webhooks/steadfast`, SF_HOOK, String(invoice), status);
  let baseUrl = "";
  let server: { close: () => void } | undefined;

  const onHand = async () =>
    (
      await ctx.db
        .select({ q: productStock.quantity })
        .from(productStock)
        .where(
          and(
            eq(productStock.productId, panjabi._id),
            eq(productStock.size, "M"),
            eq(productStock.color, "White"),
          ),
        )
    )[0]?.q ?? 0;
  const heldBy = async (orderId: string) =>
    -Number(
      (
        await ctx.db
          .select({ s: sql<number>`coalesce(sum(${stockLedger.change}), 0)` })
          .from(stockLedger)
          .where(eq(stockLedger.orderId, orderId))
      )[0]?.s ?? 0,
    );
  const statusOf = async (id: string) =>
    (await ctx.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;
  const bookingOf = async (id: string) =>
    (await ctx.db.select().from(orderCouriers).where(eq(orderCouriers.orderId, id)))[0];

  /** Alice orders `quantity` pieces (taken from stock), the admin confirms and books it. */
  async function shipped(courier: "steadfast" | "redx", quantity = 2) {
    const placed = await call("POST", "/postOrder", alice, {
      products: [
        {
          id: panjabi._id,
          name: panjabi.name,
          imageUrl: "",
          color: "White",
          size: "M",
          originalPrice: panjabi.offerPrice ?? panjabi.originalPrice,
          quantity,
        },
      ],
      customerData: { ...CUSTOMER_DATA, email: alice.email },
    });
    expect(placed.status).toBe(201);
    const id = placed.body.insertedId as string;
    const [row] = await ctx.db
      .select({ n: orders.orderNumber })
      .from(orders)
      .where(eq(orders.id, id));
    expect((await call("PUT", `/orderStatus/${id}`, admin, { status: "Confirmed" })).status).toBe(
      200,
    );
    expect((await call("POST", `/orders/${id}/courier`, admin, { courier })).status).toBe(202);
    await expect
      .poll(async () => (await bookingOf(id))?.state, { timeout: 30_000, interval: 100 })
      .toBe("booked");
    expect(await statusOf(id)).toBe("Shipping");
    return { id, orderNumber: row?.n as number };
  }

  async function home(cookie: string) {
    const request = new Request("http://localhost:3000/dashboard", { headers: { cookie } });
    const context = new RouterContextProvider();
    context.set(appContext, ctx);
    await actorMiddleware(
      { request, context, params: {}, url: new URL(request.url), pattern: "" } as never,
      async () => new Response(),
    );
    return homeLoader({ request, context, params: {} } as never);
  }

  beforeAll(async () => {
    steadfast = await startFakeSteadfast(STEADFAST);
    redx = await startFakeRedx(REDX);
    ctx = await openTestContext(
      {
        STEADFAST_API_URL: steadfast.url,
        STEADFAST_API_KEY: STEADFAST.apiKey,
        STEADFAST_SECRET_KEY: STEADFAST.secretKey,
        STEADFAST_WEBHOOK_TOKEN: SF_HOOK,
        REDX_API_URL: redx.url,
        REDX_API_TOKEN: REDX.token,
        REDX_WEBHOOK_SECRET: "rx-hook",
      },
      { courierTimeoutMs: 1000 },
    );
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    // The fake Steadfast posts its webhook over HTTP: serve the app on a loopback port.
    const { serve } = await import("@hono/node-server");
    await new Promise<void>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
        baseUrl = `http://127.0.0.1:${info.port}`;
        resolve();
      });
      server = s;
    });
    admin = { ...(await signUpAdmin(ctx, { email: "admin@haat.test" })), email: "admin@haat.test" };
    alice = { ...(await signUp(ctx, { email: "alice@haat.test" })), email: "alice@haat.test" };
    panjabi = await createProduct(ctx.db, {
      ...PRODUCT_BODY,
      sizes: ["M"],
      colors: ["White"],
      trackStock: true,
      stock: [{ size: "M", color: "White", quantity: 20 }],
    });
  });
  afterAll(async () => {
    if (ctx) expect(await ledgerMismatches(ctx.db)).toEqual([]);
    server?.close();
    await ctx?.close();
    await Promise.all([steadfast?.close(), redx?.close()]);
  });

  describe("the customer", () => {
    it("cannot cancel once the parcel is booked: 409 parcel_booked, in English and Bengali", async () => {
      const order = await shipped("steadfast");
      const before = await onHand();
      const refused = await call("PUT", `/orderStatus/${order.id}`, alice, { status: "Cancelled" });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: "parcel_booked",
        courier: "steadfast",
        currentStatus: "Shipping",
        message:
          "This order has been handed to Steadfast and can no longer be cancelled online: please call the shop",
      });
      expect(await statusOf(order.id)).toBe("Shipping");
      expect(await onHand()).toBe(before);

      // The customer's own order page goes through the same service and says it in Bengali.
      const page = await postToAction(ctx, overviewAction, {
        path: `/dashboard/order-overview/${order.id}`,
        cookie: alice.cookie,
        params: { id: order.id },
        form: {
          intent: "status",
          id: order.id,
          orderNumber: String(order.orderNumber),
          from: "Shipping",
          to: "Cancelled",
          confirmed: "yes",
        },
      });
      expect(page.status).toBe(409);
      const failure = page.data as { code: string; message: string };
      expect(failure.code).toBe("parcel_booked");
      const bn = makeTranslator("bn", wholeCatalog("bn"));
      expect(failureText(bn, "status", true, failure.message)).toContain(
        "এই অর্ডার স্টেডফাস্ট-এর কাছে পাঠানো হয়েছে, তাই আর অনলাইনে বাতিল করা যাবে না",
      );
      expect(await statusOf(order.id)).toBe("Shipping");
    });

    it("still cancels an order that is not booked, and gets its stock back", async () => {
      const placed = await call("POST", "/postOrder", alice, {
        products: [
          {
            id: panjabi._id,
            name: panjabi.name,
            imageUrl: "",
            color: "White",
            size: "M",
            originalPrice: panjabi.offerPrice ?? panjabi.originalPrice,
            quantity: 1,
          },
        ],
        customerData: { ...CUSTOMER_DATA, email: alice.email },
      });
      const id = placed.body.insertedId as string;
      const before = await onHand();
      expect((await call("PUT", `/orderStatus/${id}`, alice, { status: "Cancelled" })).status).toBe(
        200,
      );
      expect(await onHand()).toBe(before + 1);
    });
  });

  describe("an admin, Steadfast (no cancel in its API)", () => {
    it("is told to cancel it in Steadfast's panel first; then cancels with parcelCancelled", async () => {
      const order = await shipped("steadfast");
      const before = await onHand();
      const refused = await call("PUT", `/orderStatus/${order.id}`, admin, { status: "Cancelled" });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: "parcel_booked",
        canConfirm: true,
        courier: "steadfast",
      });
      expect(refused.body.error.message).toMatch(/cancel it in Steadfast's panel first/);
      expect(await statusOf(order.id)).toBe("Shipping");
      expect(await onHand()).toBe(before);

      // The overview's action answers the same refusal, with what the confirm button needs.
      const page = await postToAction(ctx, overviewAction, {
        path: `/dashboard/order-overview/${order.id}`,
        cookie: admin.cookie,
        params: { id: order.id },
        form: {
          intent: "status",
          id: order.id,
          orderNumber: String(order.orderNumber),
          from: "Shipping",
          to: "Cancelled",
          confirmed: "yes",
        },
      });
      expect(page.status).toBe(409);
      expect(page.data).toMatchObject({
        code: "parcel_booked",
        details: { canConfirm: true, id: order.id, currentStatus: "Shipping" },
      });
      const confirmed = await postToAction(ctx, overviewAction, {
        path: `/dashboard/order-overview/${order.id}`,
        cookie: admin.cookie,
        params: { id: order.id },
        form: {
          intent: "status",
          id: order.id,
          orderNumber: String(order.orderNumber),
          from: "Shipping",
          to: "Cancelled",
          confirmed: "yes",
          parcelCancelled: "yes",
        },
      });
      expect(confirmed.status).toBe(200);
      expect(await statusOf(order.id)).toBe("Cancelled");
      expect(await onHand()).toBe(before + 2);
      // Steadfast then confirms the cancel: the parcel ends, nothing else moves, no alert.
      const hook = await steadfastHook(order.orderNumber, "cancelled");
      expect(hook.body).toMatchObject({ moved: false, applied: true, orderStatus: "Cancelled" });
      expect((await bookingOf(order.id))?.finishedAt).not.toBeNull();
      expect(await onHand()).toBe(before + 2);
      expect(
        (await call("GET", "/alerts", admin)).body.data.filter(
          (a: { orderId: string }) => a.orderId === order.id,
        ),
      ).toEqual([]);
    });

    it("a delivered report for the Cancelled order moves it to Delivered, takes the stock again and alerts staff", async () => {
      const order = await shipped("steadfast");
      const afterOrder = await onHand();
      const cancelled = await call("PUT", `/orderStatus/${order.id}`, admin, {
        status: "Cancelled",
        parcelCancelled: true,
      });
      expect(cancelled.status).toBe(200);
      expect(await onHand()).toBe(afterOrder + 2);

      // The parcel was not cancelled at Steadfast after all, and is delivered.
      const hook = await steadfastHook(order.orderNumber, "delivered");
      expect(hook.status).toBe(200);
      expect(hook.body).toMatchObject({ moved: true, applied: true, orderStatus: "Delivered" });
      expect(await statusOf(order.id)).toBe("Delivered");
      // Counted once: the delivered pieces are off the shelf again.
      expect(await onHand()).toBe(afterOrder);
      expect(await heldBy(order.id)).toBe(2);
      // Repeated: nothing more.
      const again = await steadfastHook(order.orderNumber, "delivered");
      expect(again.body).toMatchObject({ moved: false, applied: false });
      expect(await onHand()).toBe(afterOrder);

      const alerts = await call("GET", "/alerts", admin);
      expect(alerts.status).toBe(200);
      const mine = alerts.body.data.filter((a: { orderId: string }) => a.orderId === order.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        kind: "delivered_after_cancel",
        orderNumber: order.orderNumber,
        details: { courier: "steadfast", courierStatus: "delivered", short: [] },
      });
      expect(mine[0].message).toMatch(
        new RegExp(`Steadfast delivered order #${order.orderNumber} after it was cancelled`),
      );
      expect((await call("GET", "/alerts", alice)).status).toBe(403);

      // The admin's dashboard home shows it; the customer's does not.
      const adminHome = await home(admin.cookie);
      expect(adminHome.courierAlerts?.map((a) => a.id)).toContain(mine[0].id);
      expect((await home(alice.cookie)).courierAlerts).toBeNull();

      // "Mark handled" on the home page, then it is gone (and once only).
      const handled = await postToAction(ctx, homeAction, {
        path: "/dashboard",
        cookie: admin.cookie,
        form: { intent: "resolveAlert", id: mine[0].id },
      });
      expect(handled.status).toBe(200);
      expect((await home(admin.cookie)).courierAlerts?.map((a) => a.id)).not.toContain(mine[0].id);
      expect((await call("POST", `/alerts/${mine[0].id}/resolve`, admin)).status).toBe(409);
    });

    it("pieces sold again meanwhile are not taken below 0; the alert lists them", async () => {
      const order = await shipped("steadfast", 2);
      await call("PUT", `/orderStatus/${order.id}`, admin, {
        status: "Cancelled",
        parcelCancelled: true,
      });
      // The shelf count is set to 1 (the returned pieces sold or counted away).
      const left = await onHand();
      expect(
        (
          await call("POST", `/products/${panjabi._id}/stock`, admin, {
            size: "M",
            color: "White",
            change: 1 - left,
            reason: "adjustment",
          })
        ).status,
      ).toBe(200);
      const hook = await steadfastHook(order.orderNumber, "delivered");
      expect(hook.body).toMatchObject({ moved: true, orderStatus: "Delivered" });
      expect(await onHand()).toBe(0);
      expect(await heldBy(order.id)).toBe(1);
      const alert = (await call("GET", "/alerts", admin)).body.data.find(
        (a: { orderId: string }) => a.orderId === order.id,
      );
      expect(alert.details.short).toEqual([
        expect.objectContaining({ productId: panjabi._id, size: "M", color: "White", missing: 1 }),
      ]);
      expect(alert.message).toMatch(/not on hand, count the shelf: 1 × /);
      // Put the shelf back for the other tests.
      await call("POST", `/products/${panjabi._id}/stock`, admin, {
        size: "M",
        color: "White",
        change: 20,
        reason: "adjustment",
      });
    });

    it("a Cancelled order's parcel still moving (the poll) raises one alert per new status", async () => {
      const order = await shipped("steadfast");
      await call("PUT", `/orderStatus/${order.id}`, admin, {
        status: "Cancelled",
        parcelCancelled: true,
      });
      steadfast.setStatus(String(order.orderNumber), "pending");
      await pollCourierStatuses(ctx);
      await pollCourierStatuses(ctx);
      const alerts = (await call("GET", "/alerts", admin)).body.data.filter(
        (a: { orderId: string }) => a.orderId === order.id,
      );
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({
        kind: "parcel_live_after_cancel",
        details: { courier: "steadfast", courierStatus: "pending" },
      });
      expect(await statusOf(order.id)).toBe("Cancelled");
    });
  });

  describe("an admin, RedX (cancels through its API)", () => {
    it("cancels the parcel at RedX, then the order, and the stock comes back", async () => {
      const order = await shipped("redx");
      const before = await onHand();
      const trackingId = (await bookingOf(order.id))?.consignmentId as string;
      const done = await call("PUT", `/orderStatus/${order.id}`, admin, { status: "Cancelled" });
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ modifiedCount: 1, orderStatus: "Cancelled" });
      expect(redx.parcels.find((p) => p.trackingId === trackingId)?.status).toBe("cancelled");
      const booking = await bookingOf(order.id);
      expect(booking?.courierStatus).toBe("cancelled");
      expect(booking?.finishedAt).not.toBeNull();
      expect(await onHand()).toBe(before + 2);
    });

    it("a parcel RedX will not cancel (picked up) is refused with RedX's words; nothing changes", async () => {
      const order = await shipped("redx");
      const before = await onHand();
      const trackingId = (await bookingOf(order.id))?.consignmentId as string;
      redx.setStatus(trackingId, "delivery-in-progress");
      const refused = await call("PUT", `/orderStatus/${order.id}`, admin, { status: "Cancelled" });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: "parcel_booked", canConfirm: true });
      expect(refused.body.error.message).toMatch(
        /^RedX did not cancel the parcel \(Parcel can not be cancelled in delivery-in-progress status\)/,
      );
      expect(await statusOf(order.id)).toBe("Shipping");
      expect(await onHand()).toBe(before);
      expect((await bookingOf(order.id))?.finishedAt).toBeNull();
    });
  });
});
