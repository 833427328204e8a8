import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ShippingLabels } from "~/app/features/print/shipping-labels";
import { wholeCatalog } from "~/app/i18n/catalog.server";
import { actorMiddleware } from "~/app/lib/context.server";
import type { OrderStatus } from "~/core/order-status";
import type { AppContext } from "~/server/app-context";
import { orderCouriers, orders } from "~/server/db/schema";
import { appContext } from "~/server/http/router-context";
import { insertOrder } from "~/server/services/orders";
import { signUp, signUpAdmin } from "~/server/testing/accounts";
import { CUSTOMER_DATA } from "~/server/testing/api-fixtures";
import { startFakeRedx, startFakeSteadfast } from "~/server/testing/fake-couriers";
import { describeDb, openTestContext, TEST_DB } from "~/server/testing/test-context";
import { postToAction } from "~/tests/support/page-action";
import { action as areasAction, loader as areasLoader } from "./courier-areas";
import { loader as exportLoader } from "./export-orders";
import { action as failedAction, loader as failedLoader } from "./failed-bookings";
import { action as listAction, loader as listLoader } from "./order-list";
import { action as overviewAction, loader as overviewLoader } from "./order-overview";
import { loader as invoicesLoader } from "./print-invoices";
import { loader as labelsLoader } from "./print-labels";

const STEADFAST = { apiKey: "sf-key", secretKey: "sf-secret" };
const REDX = { token: "redx-jwt" };

type Who = { id: string; cookie: string; email: string };
type LoaderFn = (args: never) => unknown;

/**
 * Issue 23 items 3, 5 and 7 on screen: the booking, area, bulk, print and export routes'
 * loaders and actions against the real database and the fake Steadfast and RedX.
 */
describeDb(`courier booking, bulk work and paper on the dashboard (${TEST_DB})`, () => {
  let ctx: AppContext;
  let admin: Who;
  let alice: Who;
  let steadfast: Awaited<ReturnType<typeof startFakeSteadfast>>;
  let redx: Awaited<ReturnType<typeof startFakeRedx>>;

  beforeAll(async () => {
    steadfast = await startFakeSteadfast(STEADFAST);
    redx = await startFakeRedx(REDX);
    ctx = await openTestContext(
      {
        STEADFAST_API_URL: steadfast.url,
        STEADFAST_API_KEY: STEADFAST.apiKey,
        STEADFAST_SECRET_KEY: STEADFAST.secretKey,
        REDX_API_URL: redx.url,
        REDX_API_TOKEN: REDX.token,
      },
      { courierTimeoutMs: 1000 },
    );
    admin = {
      ...(await signUpAdmin(ctx, { email: "bk-admin@haat.test" })),
      email: "bk-admin@haat.test",
    };
    alice = {
      ...(await signUp(ctx, { email: "bk-alice@haat.test" })),
      email: "bk-alice@haat.test",
    };
  });
  afterAll(async () => {
    await ctx?.close();
    await Promise.all([steadfast?.close(), redx?.close()]);
  });

  async function place(
    statuses: OrderStatus[] = [],
    customer: Partial<typeof CUSTOMER_DATA> = {},
    placedAt = new Date(),
  ) {
    const stored = await insertOrder(ctx.db, {
      userId: alice.id,
      customer: { ...CUSTOMER_DATA, ...customer, email: alice.email },
      lines: [
        {
          productId: "p1",
          name: "সুতির শাড়ি",
          imageUrl: "",
          color: "N/A",
          size: "N/A",
          unitPrice: 1190,
          quantity: 2,
        },
      ],
      placedAt,
      laterChanges: statuses.map((to) => ({ to, at: placedAt, byUserId: null, byRole: "system" })),
    });
    if (!stored) throw new Error("order not stored");
    return stored;
  }

  /** A GET of a route's loader as React Router runs it after the root middleware. */
  async function load(
    loader: LoaderFn,
    path: string,
    who?: Who,
    params: Record<string, string> = {},
  ): Promise<{ status: number; data: unknown; response: Response | null }> {
    const request = new Request(`http://localhost:3000${path}`, {
      headers: who ? { cookie: who.cookie } : {},
    });
    const context = new RouterContextProvider();
    context.set(appContext, ctx);
    await actorMiddleware(
      { request, context, params: {}, url: new URL(request.url), pattern: "" } as never,
      async () => new Response(),
    );
    try {
      const value = await loader({ request, context, params } as never);
      if (value instanceof Response) return { status: value.status, data: null, response: value };
      return { status: 200, data: value, response: null };
    } catch (err) {
      if (err instanceof Response) return { status: err.status, data: null, response: err };
      const init = (err as { init?: ResponseInit | null; type?: string }).init;
      if ((err as { type?: string }).type === "DataWithResponseInit") {
        return {
          status: init?.status ?? 500,
          data: (err as { data: unknown }).data,
          response: null,
        };
      }
      throw err;
    }
  }

  const bookingOf = async (id: string) =>
    (await ctx.db.select().from(orderCouriers).where(eq(orderCouriers.orderId, id)))[0];
  const statusOf = async (id: string) =>
    (await ctx.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;
  const settled = (id: string) =>
    expect.poll(async () => (await bookingOf(id))?.state, { timeout: 30_000, interval: 100 });

  const overviewPath = (id: string) => `/dashboard/order-overview/${id}`;

  describe("booking one order", () => {
    it("offers the configured couriers on a Confirmed order; booked, the overview shows the parcel", async () => {
      const placed = await place(["Confirmed"]);
      const before = await load(overviewLoader, overviewPath(placed.id), admin, { id: placed.id });
      expect((before.data as { offered: string[] }).offered).toEqual(["steadfast", "redx"]);

      const booked = await postToAction(ctx, overviewAction, {
        path: overviewPath(placed.id),
        cookie: admin.cookie,
        params: { id: placed.id },
        form: { intent: "courier-book", id: placed.id, courier: "steadfast" },
      });
      expect(booked.status).toBe(200);
      expect(booked.data).toMatchObject({ ok: true, kind: "courier" });
      await settled(placed.id).toBe("booked");
      expect(await statusOf(placed.id)).toBe("Shipping");

      const parcel = steadfast.parcels.find((p) => p.invoice === String(placed.orderNumber));
      const seen = await load(overviewLoader, overviewPath(placed.id), admin, { id: placed.id });
      expect((seen.data as { order: { courier: unknown } }).order.courier).toMatchObject({
        name: "steadfast",
        booking: "booked",
        consignmentId: String(parcel?.consignmentId),
        trackingCode: parcel?.trackingCode,
      });
      // The customer sees the courier and the tracking code, not the booking's inside.
      const own = await load(overviewLoader, overviewPath(placed.id), alice, { id: placed.id });
      const courier = (own.data as { order: { courier: Record<string, unknown> } }).order.courier;
      expect(courier).toMatchObject({ name: "steadfast", trackingCode: parcel?.trackingCode });
      expect(courier).not.toHaveProperty("lastError");
      expect((own.data as { offered: string[] }).offered).toEqual([]);

      // The Confirmed list shows it with its courier (Shipping is on that list).
      const list = await load(listLoader, "/dashboard/confirmedOrders", admin);
      const row = (
        list.data as { page: { data: { _id: string; courier: unknown }[] } }
      ).page.data.find((o) => o._id === placed.id);
      expect(row?.courier).toMatchObject({ name: "steadfast", trackingCode: parcel?.trackingCode });
    });

    it("refuses a Pending order and a customer, and books nothing", async () => {
      const pending = await place();
      const refused = await postToAction(ctx, overviewAction, {
        path: overviewPath(pending.id),
        cookie: admin.cookie,
        form: { intent: "courier-book", id: pending.id, courier: "steadfast" },
      });
      expect(refused.status).toBe(409);
      expect(refused.data).toMatchObject({
        ok: false,
        message: expect.stringMatching(/Confirmed/),
      });
      const confirmed = await place(["Confirmed"]);
      const customer = await postToAction(ctx, overviewAction, {
        path: overviewPath(confirmed.id),
        cookie: alice.cookie,
        form: { intent: "courier-book", id: confirmed.id, courier: "steadfast" },
      });
      expect(customer.status).toBe(403);
      expect(await bookingOf(pending.id)).toBeUndefined();
      expect(await bookingOf(confirmed.id)).toBeUndefined();
    });

    it("a thana without its RedX area asks for it, then the picked area is stored and the order booked", async () => {
      const placed = await place(["Confirmed"], { thana: "উত্তরা পূর্ব" });
      const asked = await postToAction(ctx, overviewAction, {
        path: overviewPath(placed.id),
        cookie: admin.cookie,
        form: { intent: "courier-book", id: placed.id, courier: "redx" },
      });
      expect(asked.status).toBe(409);
      const area = (asked.data as { area: { options: { id: number; name: string }[] } }).area;
      expect(area).toMatchObject({
        courier: "redx",
        district: "ঢাকা",
        thana: "উত্তরা পূর্ব",
        step: "area",
      });
      expect(area.options).toContainEqual({ id: 3, name: "Gulshan" });
      expect(await bookingOf(placed.id)).toBeUndefined();

      const picked = await postToAction(ctx, overviewAction, {
        path: overviewPath(placed.id),
        cookie: admin.cookie,
        form: {
          intent: "courier-area",
          id: placed.id,
          courier: "redx",
          district: "ঢাকা",
          thana: "উত্তরা পূর্ব",
          choice: "3|Gulshan",
        },
      });
      expect(picked.data).toMatchObject({ ok: true });
      await settled(placed.id).toBe("booked");
      expect(redx.callsTo(/^\/parcel$/).at(-1)?.body).toMatchObject({
        merchant_invoice_id: String(placed.orderNumber),
        delivery_area_id: 3,
      });
      const areas = await load(areasLoader, "/dashboard/courierAreas?courier=redx", admin);
      expect((areas.data as { areas: unknown[] }).areas).toContainEqual(
        expect.objectContaining({ thana: "উত্তরা পূর্ব", areaId: 3, source: "admin" }),
      );
    });

    it("a refused booking is listed under Failed bookings with the courier's error; Retry queues it again", async () => {
      const placed = await place(["Confirmed"], { mobileNumber: "01712345679" });
      steadfast.failNext(/^\/create_order$/, {
        status: 200,
        body: {
          status: 400,
          message: "Validation failed",
          errors: { recipient_address: ["The recipient address is blocked."] },
        },
      });
      await postToAction(ctx, overviewAction, {
        path: overviewPath(placed.id),
        cookie: admin.cookie,
        form: { intent: "courier-book", id: placed.id, courier: "steadfast" },
      });
      await settled(placed.id).toBe("failed");
      const failed = await load(failedLoader, "/dashboard/failedBookings", admin);
      const row = (
        failed.data as { orders: { _id: string; courier: { lastError: string } }[] }
      ).orders.find((o) => o._id === placed.id);
      expect(row?.courier.lastError).toMatch(/blocked/);
      expect((await load(failedLoader, "/dashboard/failedBookings", alice)).status).toBe(403);

      const retried = await postToAction(ctx, failedAction, {
        path: "/dashboard/failedBookings",
        cookie: admin.cookie,
        form: { intent: "courier-retry", id: placed.id },
      });
      expect(retried.data).toMatchObject({ ok: true });
      await settled(placed.id).toBe("booked");
      const after = await load(failedLoader, "/dashboard/failedBookings", admin);
      expect((after.data as { orders: { _id: string }[] }).orders.map((o) => o._id)).not.toContain(
        placed.id,
      );
    });
  });

  describe("a booking whose answer never came", () => {
    it("asks the admin to check the courier's panel before a retry (confirmNotBooked)", async () => {
      const placed = await place(["Confirmed"], { thana: "মিরপুর" });
      await postToAction(ctx, areasAction, {
        path: "/dashboard/courierAreas",
        cookie: admin.cookie,
        form: { courier: "redx", district: "ঢাকা", thana: "মিরপুর", areaId: "1", areaName: "Mirpur" },
      });
      redx.failNext(/^\/parcel$/, "lose-answer");
      await postToAction(ctx, overviewAction, {
        path: overviewPath(placed.id),
        cookie: admin.cookie,
        form: { intent: "courier-book", id: placed.id, courier: "redx" },
      });
      await settled(placed.id).toBe("unknown");
      const failed = await load(failedLoader, "/dashboard/failedBookings", admin);
      expect(
        (failed.data as { orders: { _id: string; courier: { booking: string } }[] }).orders.find(
          (o) => o._id === placed.id,
        )?.courier.booking,
      ).toBe("unknown");

      const blind = await postToAction(ctx, failedAction, {
        path: "/dashboard/failedBookings",
        cookie: admin.cookie,
        form: { intent: "courier-retry", id: placed.id },
      });
      expect(blind.status).toBe(409);
      expect(blind.data).toMatchObject({ ok: false, needsConfirmNotBooked: true });
      expect((await bookingOf(placed.id))?.state).toBe("unknown");

      const checked = await postToAction(ctx, failedAction, {
        path: "/dashboard/failedBookings",
        cookie: admin.cookie,
        form: { intent: "courier-retry", id: placed.id, confirmNotBooked: "yes" },
      });
      expect(checked.data).toMatchObject({ ok: true });
      await settled(placed.id).toBe("booked");
    });
  });

  describe("the area mapping page", () => {
    it("sets, refuses incomplete input with field issues, and forgets a thana's area", async () => {
      const post = (form: Record<string, string>) =>
        postToAction(ctx, areasAction, {
          path: "/dashboard/courierAreas",
          cookie: admin.cookie,
          form,
        });
      const incomplete = await post({
        courier: "redx",
        district: "ঢাকা",
        thana: "মিরপুর",
        areaId: "1",
      });
      expect(incomplete.status).toBe(400);
      expect(incomplete.data).toMatchObject({ issues: [{ path: "areaName" }] });
      const notNumber = await post({
        courier: "redx",
        district: "ঢাকা",
        thana: "মিরপুর",
        areaId: "x",
      });
      expect(notNumber.status).toBe(400);
      const set = await post({
        courier: "redx",
        district: "ঢাকা",
        thana: "মিরপুর",
        areaId: "1",
        areaName: "Mirpur",
      });
      expect(set.data).toMatchObject({ ok: true });
      const listed = await load(areasLoader, "/dashboard/courierAreas?courier=redx", admin);
      expect((listed.data as { areas: unknown[] }).areas).toContainEqual(
        expect.objectContaining({ thana: "মিরপুর", areaId: 1, areaName: "Mirpur" }),
      );
      const forgot = await post({
        intent: "forget",
        courier: "redx",
        district: "ঢাকা",
        thana: "মিরপুর",
      });
      expect(forgot.data).toMatchObject({ ok: true });
      const gone = await load(areasLoader, "/dashboard/courierAreas?courier=redx", admin);
      expect((gone.data as { areas: { thana: string }[] }).areas.map((a) => a.thana)).not.toContain(
        "মিরপুর",
      );
      const customer = await postToAction(ctx, areasAction, {
        path: "/dashboard/courierAreas",
        cookie: alice.cookie,
        form: { courier: "redx", district: "ঢাকা", thana: "মিরপুর", areaId: "1", areaName: "x" },
      });
      expect(customer.status).toBe(403);
    });
  });

  describe("bulk work", () => {
    it("confirms the selected Pending orders and says which could not be", async () => {
      const a = await place();
      const b = await place();
      const delivered = await place(["Confirmed", "Shipping", "Delivered"]);
      // An order from a blocked number is held: confirmed on its own page, never in bulk.
      const held = await place();
      await ctx.db
        .update(orders)
        .set({ heldReason: "Blocked number: fake orders" })
        .where(eq(orders.id, held.id));
      const ids = [a.id, b.id, delivered.id, held.id];
      // Are you sure? first (spec: status changes ask), changing nothing.
      const asked = await postToAction(ctx, listAction, {
        path: "/dashboard/pendingOrders",
        cookie: admin.cookie,
        form: { intent: "bulk-confirm", id: ids },
      });
      expect(asked.data).toEqual({ ok: "sure", kind: "courier", ids, courier: null });
      expect(await statusOf(a.id)).toBe("Pending");
      const answer = await postToAction(ctx, listAction, {
        path: "/dashboard/pendingOrders",
        cookie: admin.cookie,
        form: { intent: "bulk-confirm", id: ids, confirmed: "yes" },
      });
      expect(answer.data).toMatchObject({ ok: true, message: "Confirmed: 2 of 4 orders" });
      const outcomes = (answer.data as { outcomes: { id: string; ok: boolean; message: string }[] })
        .outcomes;
      expect(outcomes.find((o) => o.id === delivered.id)?.ok).toBe(false);
      expect(outcomes.find((o) => o.id === held.id)).toMatchObject({
        ok: false,
        message:
          "This order is held (a blocked number): confirm it on its own page after calling the customer",
      });
      expect(await statusOf(a.id)).toBe("Confirmed");
      expect(await statusOf(b.id)).toBe("Confirmed");
      expect(await statusOf(delivered.id)).toBe("Delivered");
      expect(await statusOf(held.id)).toBe("Pending");
    });

    it("refuses a customer's bulk post and an empty selection", async () => {
      const a = await place();
      const customer = await postToAction(ctx, listAction, {
        path: "/dashboard/activeOrders",
        cookie: alice.cookie,
        form: { intent: "bulk-confirm", id: [a.id], confirmed: "yes" },
      });
      expect(customer.status).toBe(403);
      const empty = await postToAction(ctx, listAction, {
        path: "/dashboard/pendingOrders",
        cookie: admin.cookie,
        form: { intent: "bulk-confirm" },
      });
      expect(empty.status).toBe(400);
      expect(await statusOf(a.id)).toBe("Pending");
    });

    it("books the selected Confirmed orders with Steadfast", async () => {
      const a = await place(["Confirmed"]);
      const b = await place(["Confirmed"]);
      const asked = await postToAction(ctx, listAction, {
        path: "/dashboard/confirmedOrders",
        cookie: admin.cookie,
        form: { bulkCourier: "steadfast", id: [a.id, b.id] },
      });
      expect(asked.data).toEqual({
        ok: "sure",
        kind: "courier",
        ids: [a.id, b.id],
        courier: "steadfast",
      });
      const answer = await postToAction(ctx, listAction, {
        path: "/dashboard/confirmedOrders",
        cookie: admin.cookie,
        form: { bulkCourier: "steadfast", id: [a.id, b.id], confirmed: "yes" },
      });
      expect(answer.data).toMatchObject({
        ok: true,
        message: "Booking with Steadfast queued: 2 of 2 orders",
      });
      await settled(a.id).toBe("booked");
      await settled(b.id).toBe("booked");
    });
  });

  describe("paper", () => {
    it("prints the selected orders' invoices on one page", async () => {
      const a = await place();
      const b = await place();
      const page = await load(
        invoicesLoader,
        `/dashboard/print/invoices?id=${a.id}&id=${b.id}`,
        admin,
      );
      expect((page.data as { orders: { _id: string }[] }).orders.map((o) => o._id)).toEqual([
        a.id,
        b.id,
      ]);
      expect(
        (await load(invoicesLoader, `/dashboard/print/invoices?id=${a.id}`, alice)).status,
      ).toBe(403);
    });

    it("labels carry the shop, order number, a Code 128 barcode, the customer, COD, courier and tracking", async () => {
      const booked = await place(["Confirmed"], { name: "করিম মিয়া", address: "বাড়ি ৫, রোড ২" });
      await postToAction(ctx, overviewAction, {
        path: overviewPath(booked.id),
        cookie: admin.cookie,
        form: { intent: "courier-book", id: booked.id, courier: "steadfast" },
      });
      await settled(booked.id).toBe("booked");
      const tracking = (await bookingOf(booked.id))?.trackingCode;
      for (const size of ["a4", "4x6"] as const) {
        const page = await load(
          labelsLoader,
          `/dashboard/print/labels?size=${size}&id=${booked.id}`,
          admin,
        );
        const data = page.data as Parameters<typeof ShippingLabels>[0];
        expect(data.size).toBe(size);
        // The labels write with the page's messages (root's data as an English page gets it).
        const Stub = createRoutesStub([
          { id: "root", path: "/", Component: () => createElement(ShippingLabels, data) },
        ]);
        const html = renderToString(
          createElement(Stub, {
            initialEntries: ["/"],
            hydrationData: { loaderData: { root: { lang: "en", messages: wholeCatalog("en") } } },
          }),
        );
        expect(html).toContain(ctx.config.SHOP_NAME);
        expect(html).toContain(`Order #${booked.orderNumber}`);
        expect(html).toMatch(/<svg[^>]*viewBox/);
        expect(html).toContain("করিম মিয়া");
        expect(html).toContain(CUSTOMER_DATA.mobileNumber);
        expect(html).toContain("বাড়ি ৫, রোড ২");
        expect(html).toContain("ঢাকা");
        expect(html).toContain("মিরপুর");
        expect(html).toContain("2,440");
        expect(html).toContain("Steadfast");
        expect(html).toContain(String(tracking));
        expect(html).toContain(size === "a4" ? "size: A4" : "size: 4in 6in");
      }
      expect(
        (await load(labelsLoader, `/dashboard/print/labels?id=${booked.id}`, alice)).status,
      ).toBe(403);
    });
  });

  describe("CSV export", () => {
    const csv = async (query: string, who: Who = admin) => {
      const answer = await load(exportLoader, `/dashboard/export/orders.csv${query}`, who);
      const response = answer.response;
      if (response?.status !== 200)
        return { status: answer.status, text: "", bytes: new Uint8Array() };
      const bytes = new Uint8Array(await response.arrayBuffer());
      return {
        status: 200,
        bytes,
        text: new TextDecoder().decode(bytes),
        type: response.headers.get("content-type"),
      };
    };

    it("opens in a spreadsheet: BOM, CRLF, Bengali intact, quoted fields, formulas defused", async () => {
      const tricky = await place([], {
        name: '=HYPERLINK("http://x","রহিম")',
        address: 'House "12", Road 3\nমিরপুর',
      });
      const out = await csv("");
      expect(out.status).toBe(200);
      expect(out.type).toBe("text/csv; charset=utf-8");
      expect([...out.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = out.text.replace(/^\uFEFF/, "").split("\r\n");
      expect(lines[0]).toMatch(/^Order number,Order ID,Date,/);
      const row = out.text.split("\r\n").find((l) => l.startsWith(`${tricky.orderNumber},`));
      expect(row).toContain(`"'=HYPERLINK(""http://x"",""রহিম"")"`);
      expect(out.text).toContain('"House ""12"", Road 3\nমিরপুর"');
      expect(row).toContain("ঢাকা,মিরপুর");
      expect(row).toContain("2 × সুতির শাড়ি");
    });

    it("filters by status, date range and courier", async () => {
      const old = await place(["Cancelled"], {}, new Date("2025-01-10T12:00:00+06:00"));
      const recent = await place(["Cancelled"], {}, new Date("2025-02-10T12:00:00+06:00"));
      const numbers = (text: string) =>
        text
          .split("\r\n")
          .slice(1)
          .filter(Boolean)
          .map((l) => Number(l.split(",")[0]));
      const january = await csv("?status=Cancelled&from=2025-01-01&to=2025-01-31");
      expect(numbers(january.text)).toEqual([old.orderNumber]);
      const cancelled = await csv("?status=Cancelled");
      expect(numbers(cancelled.text)).toEqual(
        expect.arrayContaining([old.orderNumber, recent.orderNumber]),
      );
      const withSteadfast = await csv("?courier=steadfast");
      expect(
        withSteadfast.text
          .split("\r\n")
          .slice(1)
          .filter(Boolean)
          .every((l) => l.includes(",Steadfast,")),
      ).toBe(true);
      expect(numbers(withSteadfast.text)).not.toContain(old.orderNumber);
      expect(numbers((await csv("?courier=none")).text)).toContain(old.orderNumber);
      expect((await csv("?status=Lost")).status).toBe(400);
      expect((await csv("?from=10-01-2025")).status).toBe(400);
    });

    it("is for admins only", async () => {
      expect((await csv("", alice)).status).toBe(403);
      const guest = await load(exportLoader, "/dashboard/export/orders.csv");
      expect(guest.status).toBe(302);
      expect(guest.response?.headers.get("location")).toMatch(/^\/authentication\/login/);
    });
  });
});
