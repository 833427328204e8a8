import { asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderStatus } from "~/core/order-status";
import type { AppContext } from "../app-context";
import { orderCouriers, orderStatusHistory, orders, phoneCourierChecks } from "../db/schema";
import { pollCourierStatuses } from "../services/courier-status";
import { insertOrder } from "../services/orders";
import type { Product } from "../services/products";
import { requestFraudChecksForNewOrders, runFraudCheck } from "../services/risk";
import { signUp, signUpAdmin } from "../testing/accounts";
import { CUSTOMER_DATA, newProduct } from "../testing/api-fixtures";
import { startFakePathao, startFakeRedx, startFakeSteadfast } from "../testing/fake-couriers";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

type Who = { id: string; cookie: string; email: string };

const STEADFAST = { apiKey: "sf-key", secretKey: "sf-secret" };
const PATHAO = { clientId: "pt-client", clientSecret: "pt-secret", storeId: 7001 };
const REDX = { token: "redx-jwt" };

/** Issue 23 items 2–6: booking through the job queue, webhooks, the poll, risk. */
describeDb(`couriers (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;
  let admin: Who;
  let alice: Who;
  let product: Product;
  let steadfast: Awaited<ReturnType<typeof startFakeSteadfast>>;
  let pathao: Awaited<ReturnType<typeof startFakePathao>>;
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
    return { status: res.status, body: await res.json(), headers: res.headers };
  };

  /** POSTs a webhook through the app (the couriers' servers send no Origin header). */
  const webhook = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await app.request(`/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json(), headers: res.headers };
  };

  const order = async (statuses: OrderStatus[], customer: Partial<typeof CUSTOMER_DATA> = {}) => {
    const stored = await insertOrder(ctx.db, {
      userId: alice.id,
      customer: { ...CUSTOMER_DATA, ...customer, email: alice.email },
      lines: [
        {
          productId: product._id,
          name: product.name,
          imageUrl: "",
          color: "White",
          size: "M",
          unitPrice: 1190,
          quantity: 2,
        },
      ],
      placedAt: new Date(),
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

  const bookingOf = async (id: string) =>
    (await ctx.db.select().from(orderCouriers).where(eq(orderCouriers.orderId, id)))[0];
  const statusOf = async (id: string) =>
    (await ctx.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;
  const historyOf = (id: string) =>
    ctx.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(asc(orderStatusHistory.changedAt), asc(orderStatusHistory.id));
  const settled = (id: string) =>
    expect.poll(async () => (await bookingOf(id))?.state, { timeout: 30_000, interval: 100 });

  /** A booking with Steadfast that Steadfast refuses (422 with `errors`): it ends failed. */
  const refusedBySteadfast = async (
    id: string,
    errors: Record<string, string[]> = { recipient_phone: ["Blocked"] },
  ) => {
    steadfast.failNext(/^\/create_order$/, {
      status: 422,
      body: { status: 422, message: "Validation failed", errors },
    });
    await call("POST", `/orders/${id}/courier`, admin, { courier: "steadfast" });
    await settled(id).toBe("failed");
  };

  beforeAll(async () => {
    steadfast = await startFakeSteadfast(STEADFAST);
    pathao = await startFakePathao(PATHAO);
    redx = await startFakeRedx(REDX);
    ctx = await openTestContext(
      {
        STEADFAST_API_URL: steadfast.url,
        STEADFAST_API_KEY: STEADFAST.apiKey,
        STEADFAST_SECRET_KEY: STEADFAST.secretKey,
        STEADFAST_WEBHOOK_TOKEN: "sf-hook",
        PATHAO_API_URL: pathao.url,
        PATHAO_CLIENT_ID: PATHAO.clientId,
        PATHAO_CLIENT_SECRET: PATHAO.clientSecret,
        PATHAO_STORE_ID: String(PATHAO.storeId),
        PATHAO_WEBHOOK_SECRET: "pt-hook",
        REDX_API_URL: redx.url,
        REDX_API_TOKEN: REDX.token,
        REDX_WEBHOOK_SECRET: "rx-hook",
      },
      { courierTimeoutMs: 1000 },
    );
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    admin = { ...(await signUpAdmin(ctx, { email: "admin@haat.test" })), email: "admin@haat.test" };
    alice = { ...(await signUp(ctx, { email: "alice@haat.test" })), email: "alice@haat.test" };
    product = await newProduct(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    await Promise.all([steadfast?.close(), pathao?.close(), redx?.close()]);
  });

  describe("booking with Steadfast", () => {
    it("queues (202), books with the order number and total, moves the order to Shipping", async () => {
      const placed = await order(["Confirmed"]);
      const queued = await call("POST", `/orders/${placed.id}/courier`, admin, {
        courier: "steadfast",
      });
      expect(queued.status).toBe(202);
      expect(queued.body).toEqual({ orderId: placed.id, courier: "steadfast", state: "queued" });
      await settled(placed.id).toBe("booked");

      const sent = steadfast
        .callsTo(/^\/create_order$/)
        .find((r) => r.body.invoice === String(placed.orderNumber));
      expect(sent?.body).toMatchObject({
        invoice: String(placed.orderNumber),
        cod_amount: placed.total,
        recipient_phone: CUSTOMER_DATA.mobileNumber,
        recipient_name: CUSTOMER_DATA.name,
      });
      expect(sent?.body.item_description).toContain(`2 × ${product.name}`);
      expect(await statusOf(placed.id)).toBe("Shipping");
      const history = await historyOf(placed.id);
      expect(history.at(-1)).toMatchObject({
        fromStatus: "Confirmed",
        toStatus: "Shipping",
        changedByRole: "system",
        note: "by courier booking",
      });

      const parcel = steadfast.parcels.find((p) => p.invoice === String(placed.orderNumber));
      const asAdmin = await call("GET", `/orders/${placed.id}`, admin);
      expect(asAdmin.body.data.courier).toMatchObject({
        name: "steadfast",
        consignmentId: String(parcel?.consignmentId),
        trackingCode: parcel?.trackingCode,
        status: "in_review",
        booking: "booked",
        lastError: null,
      });
      expect(asAdmin.body.data.history.at(-1).note).toBe("by courier booking");
      const asCustomer = await call("GET", `/orders/${placed.id}`, alice);
      expect(asCustomer.body.data.courier).toEqual({
        name: "steadfast",
        consignmentId: String(parcel?.consignmentId),
        trackingCode: parcel?.trackingCode,
        status: "in_review",
      });
      expect(asCustomer.body.data.risk).toBeUndefined();
      const list = await call("GET", `/orders?q=${placed.orderNumber}`, admin);
      expect(list.body.data[0].courier.trackingCode).toBe(parcel?.trackingCode);
      expect(list.body.data[0].risk).toMatchObject({ orders: expect.any(Number), risky: false });
    });

    it("answers 409 unless Confirmed, 409 when already booked, 400 for a bad courier, 403/401 for others", async () => {
      const pending = await order([]);
      const notConfirmed = await call("POST", `/orders/${pending.id}/courier`, admin, {
        courier: "steadfast",
      });
      expect(notConfirmed.status).toBe(409);
      expect(notConfirmed.body.error.currentStatus).toBe("Pending");
      expect(await bookingOf(pending.id)).toBeUndefined();

      const confirmed = await order(["Confirmed"]);
      expect(
        (await call("POST", `/orders/${confirmed.id}/courier`, alice, { courier: "steadfast" }))
          .status,
      ).toBe(403);
      expect(
        (await call("POST", `/orders/${confirmed.id}/courier`, undefined, { courier: "steadfast" }))
          .status,
      ).toBe(401);
      expect(
        (await call("POST", `/orders/${confirmed.id}/courier`, admin, { courier: "dhl" })).status,
      ).toBe(400);
      expect(
        (await call("POST", "/orders/nope/courier", admin, { courier: "steadfast" })).status,
      ).toBe(404);
      expect(
        (await call("POST", `/orders/${confirmed.id}/courier`, admin, { courier: "steadfast" }))
          .status,
      ).toBe(202);
      const twice = await call("POST", `/orders/${confirmed.id}/courier`, admin, {
        courier: "steadfast",
      });
      expect(twice.status).toBe(409);
      await settled(confirmed.id).toBe("booked");
      expect(
        steadfast.parcels.filter((p) => p.invoice === String(confirmed.orderNumber)),
      ).toHaveLength(1);
    });

    it("a refusal fails the booking with Steadfast's words; a retry books it", async () => {
      const placed = await order(["Confirmed"]);
      await refusedBySteadfast(placed.id, {
        recipient_address: ["The recipient address is too vague."],
      });
      const failed = await call("GET", `/orders/${placed.id}`, admin);
      expect(failed.body.data.courier.lastError).toContain("The recipient address is too vague.");
      expect(failed.body.data.orderStatus).toBe("Confirmed");
      expect((await call("GET", `/orders/${placed.id}`, alice)).body.data.courier).toBeNull();

      // Its body may be left out, also by a client that sends Content-Type on every POST.
      const retried = await app.request(`/api/orders/${placed.id}/courier/retry`, {
        method: "POST",
        headers: { cookie: admin.cookie, "content-type": "application/json" },
      });
      expect(retried.status).toBe(202);
      await settled(placed.id).toBe("booked");
      expect(await statusOf(placed.id)).toBe("Shipping");
      expect((await call("POST", `/orders/${placed.id}/courier/retry`, admin, {})).status).toBe(
        409,
      );
    });

    it("a refused booking may go to another courier instead; one without the thana's area asks for it", async () => {
      const placed = await order(["Confirmed"], { thana: "বাড্ডা" });
      await refusedBySteadfast(placed.id);

      const withoutArea = await call("POST", `/orders/${placed.id}/courier/retry`, admin, {
        courier: "redx",
      });
      expect(withoutArea.status).toBe(409);
      expect(withoutArea.body.error).toMatchObject({
        needs: "courier_area",
        courier: "redx",
        thana: "বাড্ডা",
      });
      // Asking changed nothing: the booking is still Steadfast's failed one.
      expect(await bookingOf(placed.id)).toMatchObject({ courier: "steadfast", state: "failed" });
      expect(
        (await call("POST", `/orders/${placed.id}/courier/retry`, admin, { courier: "dhl" }))
          .status,
      ).toBe(400);

      expect(
        (
          await call("PUT", "/courier-areas", admin, {
            courier: "redx",
            district: "ঢাকা",
            thana: "বাড্ডা",
            areaId: 3,
            areaName: "Gulshan",
          })
        ).status,
      ).toBe(200);
      const switched = await call("POST", `/orders/${placed.id}/courier/retry`, admin, {
        courier: "redx",
      });
      expect(switched.status).toBe(202);
      expect(switched.body).toEqual({ orderId: placed.id, courier: "redx", state: "queued" });
      await settled(placed.id).toBe("booked");
      expect((await call("GET", `/orders/${placed.id}`, admin)).body.data.courier).toMatchObject({
        name: "redx",
        booking: "booked",
      });
      expect(redx.callsTo(/^\/parcel$/).at(-1)?.body).toMatchObject({
        merchant_invoice_id: String(placed.orderNumber),
        delivery_area_id: 3,
      });
      expect(
        steadfast.parcels.filter((p) => p.invoice === String(placed.orderNumber)),
      ).toHaveLength(0);
    });

    it("a failed booking that Steadfast has after all is recorded, not sent to another courier", async () => {
      const placed = await order(["Confirmed"]);
      await call("POST", `/orders/${placed.id}/courier`, admin, { courier: "steadfast" });
      await settled(placed.id).toBe("booked");
      // As when every answer was lost: the shop thinks it failed, Steadfast has the parcel.
      await ctx.db
        .update(orderCouriers)
        .set({ state: "failed", consignmentId: null, trackingCode: null })
        .where(eq(orderCouriers.orderId, placed.id));
      await ctx.db.update(orders).set({ status: "Confirmed" }).where(eq(orders.id, placed.id));
      const switched = await call("POST", `/orders/${placed.id}/courier/retry`, admin, {
        courier: "redx",
      });
      expect(switched.status).toBe(409);
      expect(switched.body.error.message).toBe("This order is already booked with Steadfast");
      expect(await bookingOf(placed.id)).toMatchObject({ courier: "steadfast", state: "booked" });
      expect(await statusOf(placed.id)).toBe("Shipping");
      expect(
        redx
          .callsTo(/^\/parcel$/)
          .filter(
            (c) =>
              (c.body as { merchant_invoice_id?: string }).merchant_invoice_id ===
              String(placed.orderNumber),
          ),
      ).toHaveLength(0);
    });

    it("refuses to switch the courier of an order that is no longer Confirmed before asking for areas", async () => {
      const placed = await order(["Confirmed"], { thana: "বাড্ডা" });
      await refusedBySteadfast(placed.id);
      await ctx.db.update(orders).set({ status: "Cancelled" }).where(eq(orders.id, placed.id));
      const switched = await call("POST", `/orders/${placed.id}/courier/retry`, admin, {
        courier: "pathao",
      });
      expect(switched.status).toBe(409);
      expect(switched.body.error.message).toBe(
        "Only a Confirmed order can be booked; this one is Cancelled",
      );
    });

    it("an answer lost after Steadfast created the parcel: the retry finds it by invoice, one parcel", async () => {
      const placed = await order(["Confirmed"]);
      steadfast.failNext(/^\/create_order$/, "lose-answer");
      await call("POST", `/orders/${placed.id}/courier`, admin, { courier: "steadfast" });
      // The call times out (1 s here); the job is retried and asks by invoice before creating.
      await expect
        .poll(async () => (await bookingOf(placed.id))?.lastError ?? "", {
          timeout: 30_000,
          interval: 100,
        })
        .toContain("No answer");
      await ctx.jobs.send("courier-booking", { orderId: placed.id }, { key: `${placed.id}-now` });
      await settled(placed.id).toBe("booked");
      expect(
        steadfast.parcels.filter((p) => p.invoice === String(placed.orderNumber)),
      ).toHaveLength(1);
      expect(await statusOf(placed.id)).toBe("Shipping");
    });
  });

  describe("Pathao and RedX areas", () => {
    it("Pathao: the thana's zone is looked up by name, stored, and used", async () => {
      const placed = await order(["Confirmed"]);
      expect(
        (await call("POST", `/orders/${placed.id}/courier`, admin, { courier: "pathao" })).status,
      ).toBe(202);
      await settled(placed.id).toBe("booked");
      const sent = pathao.callsTo(/\/orders$/).at(-1);
      expect(sent?.body).toMatchObject({
        merchant_order_id: String(placed.orderNumber),
        recipient_city: 1,
        recipient_zone: 51,
        amount_to_collect: placed.total,
        store_id: 7001,
      });
      const stored = await call("GET", "/courier-areas?courier=pathao", admin);
      expect(stored.body.data).toContainEqual(
        expect.objectContaining({
          district: "ঢাকা",
          thana: "মিরপুর",
          cityId: 1,
          zoneId: 51,
          source: "lookup",
        }),
      );
    });

    it("a thana the courier's list does not name asks for its area (409), then books once set", async () => {
      const placed = await order(["Confirmed"], { thana: "উত্তরা পূর্ব" });
      const asked = await call("POST", `/orders/${placed.id}/courier`, admin, { courier: "redx" });
      expect(asked.status).toBe(409);
      expect(asked.body.error).toMatchObject({
        needs: "courier_area",
        courier: "redx",
        district: "ঢাকা",
        thana: "উত্তরা পূর্ব",
      });
      expect(await bookingOf(placed.id)).toBeUndefined();

      const options = await call(
        "GET",
        `/courier-areas/options?courier=redx&district=${encodeURIComponent("ঢাকা")}`,
        admin,
      );
      expect(options.body.data).toContainEqual({ id: 3, name: "Gulshan" });
      const incomplete = await call("PUT", "/courier-areas", admin, {
        courier: "redx",
        district: "ঢাকা",
        thana: "উত্তরা পূর্ব",
        areaId: 3,
      });
      expect(incomplete.status).toBe(400);
      expect(incomplete.body.error.issues[0].path).toBe("areaName");
      // An id past what the database holds is a field issue, not a 500.
      const tooLarge = await call("PUT", "/courier-areas", admin, {
        courier: "redx",
        district: "ঢাকা",
        thana: "উত্তরা পূর্ব",
        areaId: 3_000_000_000,
        areaName: "Gulshan",
      });
      expect(tooLarge.status).toBe(400);
      expect(tooLarge.body.error.issues).toEqual([
        { path: "areaId", message: "A courier's id is a whole number up to 2,147,483,647" },
      ]);
      const set = await call("PUT", "/courier-areas", admin, {
        courier: "redx",
        district: "ঢাকা",
        thana: "উত্তরা পূর্ব",
        areaId: 3,
        areaName: "Gulshan",
      });
      expect(set.status).toBe(200);
      expect(set.body.data).toMatchObject({ areaId: 3, areaName: "Gulshan", source: "admin" });

      expect(
        (await call("POST", `/orders/${placed.id}/courier`, admin, { courier: "redx" })).status,
      ).toBe(202);
      await settled(placed.id).toBe("booked");
      expect(redx.callsTo(/^\/parcel$/).at(-1)?.body).toMatchObject({
        merchant_invoice_id: String(placed.orderNumber),
        delivery_area_id: 3,
        delivery_area: "Gulshan",
        cash_collection_amount: String(placed.total),
      });
    });

    it("refuses typed area ids the courier does not list, under their field, and keeps the ones it does", async () => {
      const place = { district: "ঢাকা", thana: "গুলশান" };
      const refused = async (body: Record<string, unknown>) => {
        const answer = await call("PUT", "/courier-areas", admin, { ...place, ...body });
        expect(answer.status, JSON.stringify(answer.body)).toBe(400);
        expect(answer.body.error.message).toBe("The courier does not list this place");
        return answer.body.error.issues;
      };
      expect(await refused({ courier: "redx", areaId: 99, areaName: "Gulshan" })).toEqual([
        { path: "areaId", message: "Not one of RedX's areas in this district" },
      ]);
      // Agrabad is RedX's, but in Chattogram.
      expect(await refused({ courier: "redx", areaId: 40, areaName: "Agrabad" })).toEqual([
        { path: "areaId", message: "Not one of RedX's areas in this district" },
      ]);
      expect(await refused({ courier: "pathao", cityId: 9, zoneId: 53 })).toEqual([
        { path: "cityId", message: "Not one of Pathao's cities" },
      ]);
      // Agrabad is Chittagong's zone, not Dhaka's.
      expect(await refused({ courier: "pathao", cityId: 1, zoneId: 81 })).toEqual([
        { path: "zoneId", message: "Not one of this city's zones at Pathao" },
      ]);
      expect(await refused({ courier: "pathao", cityId: 1, zoneId: 51, areaId: 5302 })).toEqual([
        { path: "areaId", message: "Not one of this zone's areas at Pathao" },
      ]);
      // A district RedX lists nothing for: the id typed by hand is the only way, and is kept.
      const sylhet = await call("PUT", "/courier-areas", admin, {
        courier: "redx",
        district: "সিলেট",
        thana: "সিলেট সদর",
        areaId: 700,
        areaName: "Zindabazar",
      });
      expect(sylhet.status, JSON.stringify(sylhet.body)).toBe(200);
      const listedAreas = await call("GET", "/courier-areas?courier=pathao", admin);
      expect(
        listedAreas.body.data.filter((a: { thana: string }) => a.thana === place.thana),
      ).toEqual([]);
      const kept = await call("PUT", "/courier-areas", admin, {
        ...place,
        courier: "pathao",
        cityId: 1,
        zoneId: 53,
        areaId: 5301,
      });
      expect(kept.status).toBe(200);
      expect(kept.body.data).toMatchObject({ cityId: 1, zoneId: 53, areaId: 5301 });
    });

    it("Pathao without an answer in time: unknown, a retry needs the admin's check; its webhook then records the parcel", async () => {
      const placed = await order(["Confirmed"]);
      pathao.failNext(/\/orders$/, "lose-answer");
      await call("POST", `/orders/${placed.id}/courier`, admin, { courier: "pathao" });
      await settled(placed.id).toBe("unknown");
      expect((await bookingOf(placed.id))?.lastError).toMatch(/check its panel/);
      const blind = await call("POST", `/orders/${placed.id}/courier/retry`, admin, {});
      expect(blind.status).toBe(409);
      expect(blind.body.error.needs).toBe("confirm_not_booked");

      // Pathao did create it: its webhook carries the consignment and the order number.
      const parcel = pathao.parcels.find((p) => p.merchantOrderId === String(placed.orderNumber));
      expect(parcel).toBeDefined();
      const hook = await webhook(
        "/webhooks/pathao",
        {
          event: "order.created",
          consignment_id: parcel?.consignmentId,
          merchant_order_id: String(placed.orderNumber),
        },
        { "X-PATHAO-Signature": "pt-hook" },
      );
      expect(hook.status).toBe(200);
      expect(await bookingOf(placed.id)).toMatchObject({
        state: "booked",
        consignmentId: parcel?.consignmentId,
      });
      expect(await statusOf(placed.id)).toBe("Shipping");
      expect(
        pathao.parcels.filter((p) => p.merchantOrderId === String(placed.orderNumber)),
      ).toHaveLength(1);
    });
  });

  describe("status from the courier", () => {
    const shipped = async () => {
      const placed = await order(["Confirmed"]);
      await call("POST", `/orders/${placed.id}/courier`, admin, { courier: "steadfast" });
      await settled(placed.id).toBe("booked");
      return placed;
    };

    /** A booked Steadfast order, and the fields every report about its parcel carries. */
    const shippedParcel = async () => {
      const placed = await shipped();
      const parcel = steadfast.parcels.find((p) => p.invoice === String(placed.orderNumber));
      const report = {
        notification_type: "delivery_status",
        consignment_id: parcel?.consignmentId,
        invoice: String(placed.orderNumber),
      };
      return { placed, report };
    };

    it("delivered → Delivered once, with the courier's message; replays and older news change nothing", async () => {
      const { placed, report } = await shippedParcel();
      const body = {
        ...report,
        status: "delivered",
        delivery_charge: 60,
        tracking_message: "Delivered to Rahim",
        updated_at: new Date().toISOString(),
      };
      const first = await webhook("/webhooks/steadfast", body, { authorization: "Bearer sf-hook" });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        orderId: placed.id,
        orderStatus: "Delivered",
        moved: true,
      });
      const history = await historyOf(placed.id);
      expect(history.at(-1)).toMatchObject({
        toStatus: "Delivered",
        changedByRole: "system",
        note: "by courier: Steadfast — Delivered to Rahim",
      });

      const again = await webhook("/webhooks/steadfast", body, { authorization: "Bearer sf-hook" });
      expect(again.body).toMatchObject({ orderStatus: "Delivered", moved: false });
      const backwards = await webhook(
        "/webhooks/steadfast",
        { ...body, status: "cancelled", updated_at: new Date().toISOString() },
        { authorization: "Bearer sf-hook" },
      );
      expect(backwards.body).toMatchObject({ orderStatus: "Delivered", moved: false });
      expect(await historyOf(placed.id)).toHaveLength(history.length);
      expect(await statusOf(placed.id)).toBe("Delivered");
      expect((await call("GET", `/orders/${placed.id}`, alice)).body.data.courier.status).toBe(
        "delivered",
      );
    });

    it("a report dated in the future counts as now: the courier's later news still moves the order", async () => {
      const { placed, report: body } = await shippedParcel();
      const skewed = await webhook(
        "/webhooks/steadfast",
        { ...body, status: "in_review", updated_at: "2099-01-01 10:00:00" },
        { authorization: "Bearer sf-hook" },
      );
      expect(skewed.body).toMatchObject({ orderStatus: "Shipping", applied: true });
      const delivered = await webhook(
        "/webhooks/steadfast",
        { ...body, status: "delivered", updated_at: new Date(Date.now() + 1000).toISOString() },
        { authorization: "Bearer sf-hook" },
      );
      expect(delivered.body).toMatchObject({
        orderStatus: "Delivered",
        moved: true,
        applied: true,
      });
      expect(await statusOf(placed.id)).toBe("Delivered");
    });

    it("a parcel delivered only in part is Delivered and raises a staff alert with the cash collected", async () => {
      const { placed, report } = await shippedParcel();
      const answer = await webhook(
        "/webhooks/steadfast",
        {
          ...report,
          status: "partial_delivered",
          cod_amount: 500,
          delivery_charge: 60,
          tracking_message: "Customer kept one piece",
          updated_at: new Date().toISOString(),
        },
        { authorization: "Bearer sf-hook" },
      );
      expect(answer.body).toMatchObject({ orderStatus: "Delivered", moved: true });
      const alerts = (await call("GET", "/alerts", admin)).body.data as {
        kind: string;
        orderId: string;
        message: string;
        details: { codAmount?: number; courierStatus?: string };
      }[];
      const alert = alerts.find((a) => a.orderId === placed.id);
      expect(alert).toMatchObject({
        kind: "partial_delivery",
        details: { codAmount: 500, courierStatus: "partial_delivered" },
      });
      expect(alert?.message).toContain(
        `Steadfast delivered only part of order #${placed.orderNumber} and collected ৳500`,
      );
    });

    it("a whole delivery for less cash than the total raises the same alert; a charge below zero is not kept", async () => {
      const { placed, report } = await shippedParcel();
      const chargeBefore = (await bookingOf(placed.id))?.charge ?? null;
      const answer = await webhook(
        "/webhooks/steadfast",
        {
          ...report,
          status: "delivered",
          cod_amount: 1,
          delivery_charge: -500,
          updated_at: new Date().toISOString(),
        },
        { authorization: "Bearer sf-hook" },
      );
      expect(answer.body).toMatchObject({ orderStatus: "Delivered", moved: true });
      expect((await bookingOf(placed.id))?.charge ?? null).toBe(chargeBefore);
      const alerts = (await call("GET", "/alerts", admin)).body.data as {
        kind: string;
        orderId: string;
        message: string;
      }[];
      const alert = alerts.find((a) => a.orderId === placed.id);
      expect(alert?.kind).toBe("partial_delivery");
      expect(alert?.message).toContain(
        `Steadfast says it delivered order #${placed.orderNumber} and collected ৳1, less than its total`,
      );
    });

    it("bad input answers 4xx and changes nothing: wrong token, malformed, unknown parcel", async () => {
      const placed = await shipped();
      const before = await historyOf(placed.id);
      const booking = await bookingOf(placed.id);
      const body = {
        notification_type: "delivery_status",
        invoice: String(placed.orderNumber),
        status: "delivered",
        updated_at: new Date().toISOString(),
      };
      expect(
        (await webhook("/webhooks/steadfast", body, { authorization: "Bearer wrong" })).status,
      ).toBe(401);
      expect((await webhook("/webhooks/steadfast", body)).status).toBe(401);
      expect(
        (await webhook("/webhooks/steadfast", "{not json", { authorization: "Bearer sf-hook" }))
          .status,
      ).toBe(400);
      expect(
        (await webhook("/webhooks/steadfast", [1, 2], { authorization: "Bearer sf-hook" })).status,
      ).toBe(400);
      expect(
        (
          await webhook(
            "/webhooks/steadfast",
            { notification_type: "delivery_status", invoice: "1" },
            { authorization: "Bearer sf-hook" },
          )
        ).status,
      ).toBe(400);
      const unknown = await webhook(
        "/webhooks/steadfast",
        { ...body, invoice: "99999999", consignment_id: 1 },
        { authorization: "Bearer sf-hook" },
      );
      expect(unknown.status).toBe(404);
      // The parcel of this order with the invoice of another: refused, neither moves.
      const other = await shipped();
      const mismatched = await webhook(
        "/webhooks/steadfast",
        { ...body, consignment_id: booking?.consignmentId, invoice: String(other.orderNumber) },
        { authorization: "Bearer sf-hook" },
      );
      expect(mismatched.status).toBe(409);
      expect(await statusOf(other.id)).toBe("Shipping");
      expect(
        (
          await webhook(
            "/webhooks/pathao",
            { event: "order.delivered", consignment_id: "X" },
            { "X-PATHAO-Signature": "wrong" },
          )
        ).status,
      ).toBe(401);
      expect(
        (await webhook("/webhooks/redx?token=wrong", { tracking_number: "X", status: "delivered" }))
          .status,
      ).toBe(401);
      expect(
        (
          await webhook("/webhooks/redx?token=rx-hook", {
            tracking_number: "nope",
            status: "delivered",
          })
        ).status,
      ).toBe(404);
      expect(await historyOf(placed.id)).toEqual(before);
      expect(await bookingOf(placed.id)).toEqual(booking);
      expect(await statusOf(placed.id)).toBe("Shipping");
    });

    it("Pathao's integration check answers 202 with its header; returned at the door → Return", async () => {
      const check = await webhook(
        "/webhooks/pathao",
        { event: "webhook_integration" },
        { "X-PATHAO-Signature": "pt-hook" },
      );
      expect(check.status).toBe(202);
      expect(check.headers.get("X-Pathao-Merchant-Webhook-Integration-Secret")).toBeTruthy();
      const placed = await order(["Confirmed"]);
      await call("POST", `/orders/${placed.id}/courier`, admin, { courier: "pathao" });
      await settled(placed.id).toBe("booked");
      const consignmentId = (await bookingOf(placed.id))?.consignmentId as string;
      const returned = await webhook(
        "/webhooks/pathao",
        {
          event: "order.returned",
          consignment_id: consignmentId,
          merchant_order_id: String(placed.orderNumber),
          reason: "Customer refused the parcel",
        },
        { "X-PATHAO-Signature": "pt-hook" },
      );
      expect(returned.body).toMatchObject({ orderStatus: "Return", moved: true });
      expect((await historyOf(placed.id)).at(-1)?.note).toBe(
        "by courier: Pathao — Customer refused the parcel",
      );
    });

    it("Pathao's partial delivery is Delivered with a staff alert naming the cash it collected", async () => {
      const placed = await order(["Confirmed"]);
      await call("POST", `/orders/${placed.id}/courier`, admin, { courier: "pathao" });
      await settled(placed.id).toBe("booked");
      const partial = await webhook(
        "/webhooks/pathao",
        {
          event: "order.partial-delivery",
          consignment_id: (await bookingOf(placed.id))?.consignmentId,
          merchant_order_id: String(placed.orderNumber),
          collected_amount: 450,
          reason: "Customer kept one piece",
        },
        { "X-PATHAO-Signature": "pt-hook" },
      );
      expect(partial.body).toMatchObject({ orderStatus: "Delivered", moved: true });
      const alerts = (await call("GET", "/alerts", admin)).body.data as {
        orderId: string;
        message: string;
        details: { codAmount?: number };
      }[];
      const alert = alerts.find((a) => a.orderId === placed.id);
      expect(alert?.details.codAmount).toBe(450);
      expect(alert?.message).toContain(
        `Pathao delivered only part of order #${placed.orderNumber} and collected ৳450`,
      );
    });

    it("RedX's callback with the secret in its URL; Bengali message kept", async () => {
      const placed = await order(["Confirmed"]);
      await call("POST", `/orders/${placed.id}/courier`, admin, { courier: "redx" });
      await settled(placed.id).toBe("booked");
      const trackingId = (await bookingOf(placed.id))?.consignmentId as string;
      const hook = await sendWebhookThroughApp(trackingId, "delivered");
      expect(hook.status).toBe(200);
      expect((await bookingOf(placed.id))?.courierMessage).toBe(
        "Parcel is delivered / পার্সেলের অবস্থা বদলেছে",
      );
      expect(await statusOf(placed.id)).toBe("Delivered");
    });

    async function sendWebhookThroughApp(trackingId: string, status: string) {
      return webhook("/webhooks/redx?token=rx-hook", {
        tracking_number: trackingId,
        status,
        message_en: `Parcel is ${status}`,
        message_bn: "পার্সেলের অবস্থা বদলেছে",
        timestamp: new Date().toISOString(),
      });
    }

    it("the status poll finds what no webhook told", async () => {
      const placed = await shipped();
      steadfast.setStatus(String(placed.orderNumber), "cancelled");
      const polled = await pollCourierStatuses(ctx);
      expect(polled.moved).toBeGreaterThanOrEqual(1);
      expect(await statusOf(placed.id)).toBe("Return");
      expect((await historyOf(placed.id)).at(-1)?.note).toBe("by courier: Steadfast — cancelled");
    });
  });

  describe("risk", () => {
    it("three refused (returned) orders flag the number's next order; blocked numbers hold and flag", async () => {
      const phone = "01911000111";
      for (let i = 0; i < 3; i++)
        await order(["Confirmed", "Shipping", "Return"], { mobileNumber: phone });
      await order(["Confirmed", "Delivered"], { mobileNumber: phone });
      await order(["Cancelled"], { mobileNumber: phone });
      const next = await order([], { mobileNumber: phone });
      const seen = await call("GET", `/orders/${next.id}`, admin);
      expect(seen.body.data.risk).toMatchObject({
        orders: 6,
        delivered: 1,
        cancelled: 1,
        returned: 3,
        deliveredRatio: 0.25,
        risky: true,
        blocked: false,
      });
      expect(seen.body.data.heldReason).toBeNull();

      const clean = await order([], { mobileNumber: "01911000222" });
      expect((await call("GET", `/orders/${clean.id}`, admin)).body.data.risk).toMatchObject({
        orders: 1,
        risky: false,
        deliveredRatio: null,
      });

      const blocked = await call("POST", "/blocked-phones", admin, {
        phone: "+880 1911-000222",
        reason: "Fake orders",
      });
      expect(blocked.status).toBe(201);
      expect(blocked.body.data).toMatchObject({ phone: "01911000222", reason: "Fake orders" });
      // A number typed with a Bengali keyboard's digits (issue 25).
      const bengali = await call("POST", "/blocked-phones", admin, {
        phone: "০১৯১১০০০৩৩৩",
        reason: "Fake orders",
      });
      expect(bengali.body.data).toMatchObject({ phone: "01911000333" });
      expect((await call("DELETE", "/blocked-phones/01911000333", admin)).status).toBe(200);
      expect(
        (await call("POST", "/blocked-phones", admin, { phone: "12", reason: "x" })).status,
      ).toBe(400);
      // A bad number and no reason: both said at once.
      const both = await call("POST", "/blocked-phones", admin, { phone: "abc" });
      expect(both.status).toBe(400);
      expect(both.body.error.issues).toEqual([
        { path: "phone", message: "Enter an 11-digit mobile number such as 01712345678" },
        { path: "reason", message: "Give a reason" },
      ]);
      expect(
        (await call("POST", "/blocked-phones", alice, { phone: "01911000222", reason: "x" }))
          .status,
      ).toBe(403);
      const held = await order([], { mobileNumber: "01911000222" });
      const heldView = await call("GET", `/orders/${held.id}`, admin);
      expect(heldView.body.data.heldReason).toBe("Blocked number: Fake orders");
      expect(heldView.body.data.risk).toMatchObject({ risky: true, blocked: true });
      expect((await call("GET", `/orders/${held.id}`, alice)).body.data.heldReason).toBeUndefined();
      expect((await call("GET", "/blocked-phones", admin)).body.data[0].phone).toBe("01911000222");
      expect((await call("DELETE", "/blocked-phones/01911000222", admin)).status).toBe(200);
      expect((await call("DELETE", "/blocked-phones/01911000222", admin)).status).toBe(404);
    });

    it("Steadfast's history of a number is fetched once a day", async () => {
      steadfast.fraud.set("01811222333", {
        total_parcels: 12,
        total_delivered: 7,
        total_cancelled: 5,
      });
      await runFraudCheck(ctx, { phone: "01811222333" });
      await runFraudCheck(ctx, { phone: "01811222333" });
      expect(steadfast.callsTo(/^\/fraud_check\/01811222333$/)).toHaveLength(1);
      const [stored] = await ctx.db
        .select()
        .from(phoneCourierChecks)
        .where(eq(phoneCourierChecks.phone, "01811222333"));
      expect(stored).toMatchObject({ totalParcels: 12, delivered: 7, cancelled: 5 });
      const placed = await order([], { mobileNumber: "01811222333" });
      expect(
        (await call("GET", `/orders/${placed.id}`, admin)).body.data.risk.courierHistory,
      ).toMatchObject({ totalParcels: 12, delivered: 7, cancelled: 5 });
    });

    it("the scheduled sweep queues checks for the day's new numbers, run as jobs", async () => {
      steadfast.fraud.set("01611999888", {
        total_parcels: 3,
        total_delivered: 0,
        total_cancelled: 3,
      });
      await order([], { mobileNumber: "01611999888" });
      expect(await requestFraudChecksForNewOrders(ctx)).toBeGreaterThanOrEqual(1);
      await expect
        .poll(
          async () =>
            (
              await ctx.db
                .select()
                .from(phoneCourierChecks)
                .where(eq(phoneCourierChecks.phone, "01611999888"))
            )[0]?.cancelled,
          { timeout: 30_000, interval: 100 },
        )
        .toBe(3);
      expect(steadfast.callsTo(/^\/fraud_check\/01611999888$/)).toHaveLength(1);
    });
  });

  it("lists the configured couriers for admins", async () => {
    expect((await call("GET", "/couriers", admin)).body).toEqual({
      couriers: ["steadfast", "pathao", "redx"],
    });
  });
});
