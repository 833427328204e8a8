import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { toBengaliDigits } from "~/core/locale";
import type { OrderStatus } from "~/core/order-status";
import type { OrderPage } from "~/core/order-view";
import type { AppContext } from "~/server/app-context";
import { orderStatusHistory, orders, phoneBlocks } from "~/server/db/schema";
import { insertOrder } from "~/server/services/orders";
import { signUp, signUpAdmin } from "~/server/testing/accounts";
import { describeDb, openTestContext, TEST_DB } from "~/server/testing/test-context";
import { documentRequest } from "~/tests/support/document-request";
import { callLoader, postToAction } from "~/tests/support/page-action";
import { action as blockedAction, loader as blockedLoader } from "./blocked-numbers";
import { action as listAction, loader as listLoader } from "./order-list";
import { action as overviewAction, loader as overviewLoader } from "./order-overview";

/**
 * The confirmation queue, call outcomes, internal notes and the block list as the dashboard's
 * route loaders and actions (issue 23 items 1–2), against the real database.
 */
describeDb(`confirmation queue pages (${TEST_DB})`, () => {
  let ctx: AppContext;
  let admin: { id: string; cookie: string };
  let customer: { id: string; cookie: string };
  let phoneSeq = 0;

  beforeAll(async () => {
    ctx = await openTestContext();
    admin = await signUpAdmin(ctx, { email: "queue-admin@haat.test" });
    customer = await signUp(ctx, { email: "queue-customer@haat.test" });
  });
  afterAll(async () => ctx?.close());

  async function place(options: { status?: OrderStatus[]; phone?: string; placedAt?: Date } = {}) {
    const placed = await insertOrder(ctx.db, {
      userId: customer.id,
      customer: {
        name: "Rahim",
        email: "queue-customer@haat.test",
        mobileNumber: options.phone ?? `0181${String(1_000_000 + ++phoneSeq).slice(1)}`,
        district: "ঢাকা",
        thana: "মিরপুর",
        address: "House 1",
        comment: "",
        addressType: "Home",
        deliveryArea: "Inside Dhaka",
        paymentSystem: "Cash On Delivery",
      },
      lines: [
        {
          productId: "p",
          name: "Item",
          imageUrl: "",
          color: "N/A",
          size: "N/A",
          unitPrice: 500,
          quantity: 1,
        },
      ],
      placedAt: options.placedAt ?? new Date(),
      laterChanges: (options.status ?? []).map((to) => ({
        to,
        at: new Date(),
        byUserId: null,
        byRole: "system" as const,
      })),
    });
    if (!placed) throw new Error("order not stored");
    return placed;
  }

  const statusOf = async (id: string) =>
    (await ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]
      ?.status;

  const queue = async (search = "") => {
    const answer = await callLoader(ctx, listLoader, {
      path: `/dashboard/pendingOrders${search}`,
      cookie: admin.cookie,
    });
    expect(answer.status).toBe(200);
    return (answer.data as { page: OrderPage & { queue?: unknown } }).page;
  };

  const callForm = (id: string, outcome: string, extra: Record<string, string> = {}) => ({
    intent: "call",
    id,
    orderNumber: "1",
    outcome,
    ...extra,
  });

  it("the Pending list is the queue: oldest first, risk and call state on every row, filters from the URL", async () => {
    const risky = "01911222333";
    for (let i = 0; i < 3; i++) {
      await place({ phone: risky, status: ["Confirmed", "Shipping", "Delivered", "Return"] });
    }
    const old = await place({ placedAt: new Date(Date.now() - 7_200_000) });
    const fromRisky = await place({ phone: risky });
    const page = await queue();
    expect(page.queue).toEqual({ filter: null, retryMinutes: 60 });
    const ids = page.data.map((o) => o._id);
    expect(ids.indexOf(old.id)).toBeLessThan(ids.indexOf(fromRisky.id));
    const row = page.data.find((o) => o._id === fromRisky.id);
    expect(row?.risk).toMatchObject({ orders: 4, returned: 3, risky: true });
    expect(row?.confirmation).toEqual({ attempts: 0, lastCallAt: null, lastOutcome: null });

    const riskyOnly = (await queue("?calls=risky")).data.map((o) => o._id);
    expect(riskyOnly).toContain(fromRisky.id);
    expect(riskyOnly).not.toContain(old.id);
  });

  it("No answer takes the order out of the queue (into the No answer filter); Confirmed moves it with a history entry", async () => {
    const first = await place();
    const second = await place();
    const noAnswer = await postToAction(ctx, listAction, {
      path: "/dashboard/pendingOrders",
      cookie: admin.cookie,
      form: callForm(first.id, "no_answer"),
    });
    expect(noAnswer.status).toBe(200);
    expect(noAnswer.data).toMatchObject({ form: "call", ok: true, outcome: "no_answer" });
    const ids = (await queue()).data.map((o) => o._id);
    expect(ids).not.toContain(first.id);
    expect((await queue("?calls=no_answer")).data.map((o) => o._id)).toContain(first.id);
    expect((await queue("?calls=not_called")).data.map((o) => o._id)).not.toContain(first.id);

    const confirmed = await postToAction(ctx, listAction, {
      path: "/dashboard/pendingOrders",
      cookie: admin.cookie,
      form: callForm(second.id, "confirmed"),
    });
    expect(confirmed.data).toMatchObject({ ok: true, orderStatus: "Confirmed" });
    expect(await statusOf(second.id)).toBe("Confirmed");
    const history = await ctx.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, second.id));
    expect(history.at(-1)).toMatchObject({ toStatus: "Confirmed", note: "by confirmation call" });
  });

  it("Cancel asks first, needs a reason, and then cancels", async () => {
    const placed = await place();
    const noReason = await postToAction(ctx, listAction, {
      path: "/dashboard/pendingOrders",
      cookie: admin.cookie,
      form: callForm(placed.id, "cancelled", { reason: "", reasonText: "" }),
    });
    expect(noReason.status).toBe(400);
    expect(noReason.data).toMatchObject({
      ok: false,
      issues: [{ path: "reason" }],
      details: { form: "call", id: placed.id },
    });
    const ask = await postToAction(ctx, listAction, {
      path: "/dashboard/pendingOrders",
      cookie: admin.cookie,
      form: callForm(placed.id, "cancelled", { reason: "Fake order", reasonText: "" }),
    });
    expect(ask.data).toMatchObject({ form: "call", ok: "confirm", reason: "Fake order" });
    expect(await statusOf(placed.id)).toBe("Pending");
    const done = await postToAction(ctx, listAction, {
      path: "/dashboard/pendingOrders",
      cookie: admin.cookie,
      form: callForm(placed.id, "cancelled", {
        reason: "Fake order",
        reasonText: "Said he never ordered",
        confirmed: "yes",
      }),
    });
    expect(done.data).toMatchObject({ ok: true, orderStatus: "Cancelled" });
    const detail = await callLoader(ctx, overviewLoader, {
      path: `/dashboard/order-overview/${placed.id}`,
      cookie: admin.cookie,
      params: { id: placed.id },
    });
    const order = (detail.data as { order: { calls: { outcome: string; reason: string }[] } })
      .order;
    expect(order.calls).toEqual([
      expect.objectContaining({ outcome: "cancelled", reason: "Said he never ordered" }),
    ]);
  });

  it("a call on an order that is no longer Pending is refused (409) on the page too", async () => {
    const placed = await place({ status: ["Confirmed"] });
    const answer = await postToAction(ctx, overviewAction, {
      path: `/dashboard/order-overview/${placed.id}`,
      cookie: admin.cookie,
      params: { id: placed.id },
      form: callForm(placed.id, "no_answer"),
    });
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({ ok: false, code: "conflict" });
  });

  it("notes: added from the overview, shown to admins, not in the customer's overview", async () => {
    const placed = await place();
    const empty = await postToAction(ctx, overviewAction, {
      path: `/dashboard/order-overview/${placed.id}`,
      cookie: admin.cookie,
      params: { id: placed.id },
      form: { intent: "note", id: placed.id, text: "" },
    });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ issues: [{ path: "text" }] });
    const added = await postToAction(ctx, overviewAction, {
      path: `/dashboard/order-overview/${placed.id}`,
      cookie: admin.cookie,
      params: { id: placed.id },
      form: { intent: "note", id: placed.id, text: "Deliver after 5 pm" },
    });
    expect(added.data).toMatchObject({ form: "note", ok: true });
    const forAdmin = await callLoader(ctx, overviewLoader, {
      path: `/dashboard/order-overview/${placed.id}`,
      cookie: admin.cookie,
      params: { id: placed.id },
    });
    expect(JSON.stringify(forAdmin.data)).toContain("Deliver after 5 pm");
    // The stored Bengali place names, and their English ones for an English page.
    expect((forAdmin.data as { placeNames: unknown }).placeNames).toEqual({
      district: "Dhaka",
      thana: "Mirpur",
    });
    const forOwner = await callLoader(ctx, overviewLoader, {
      path: `/dashboard/order-overview/${placed.id}`,
      cookie: customer.cookie,
      params: { id: placed.id },
    });
    expect(forOwner.status).toBe(200);
    const text = JSON.stringify(forOwner.data);
    expect(text).not.toContain("Deliver after 5 pm");
    expect(text).not.toContain('"notes"');
    expect(text).not.toContain('"risk"');

    // A customer posting a call or a note to their own order's page is refused.
    const byCustomer = await postToAction(ctx, overviewAction, {
      path: `/dashboard/order-overview/${placed.id}`,
      cookie: customer.cookie,
      params: { id: placed.id },
      form: callForm(placed.id, "confirmed"),
    });
    expect(byCustomer.status).toBe(403);
    expect(await statusOf(placed.id)).toBe("Pending");
  });

  it("Blocked Numbers: add with field issues, list, remove; customers are refused", async () => {
    const bad = await postToAction(ctx, blockedAction, {
      path: "/dashboard/blockedNumbers",
      cookie: admin.cookie,
      form: { intent: "block", phone: "123", reason: "" },
    });
    expect(bad.status).toBe(400);
    // Both problems at once, each under its field.
    expect(bad.data).toMatchObject({ issues: [{ path: "phone" }, { path: "reason" }] });
    const noReason = await postToAction(ctx, blockedAction, {
      path: "/dashboard/blockedNumbers",
      cookie: admin.cookie,
      form: { intent: "block", phone: "01733444555", reason: " " },
    });
    expect(noReason.data).toMatchObject({ issues: [{ path: "reason" }] });
    // The API's 500-character limit holds on the page too.
    const longReason = await postToAction(ctx, blockedAction, {
      path: "/dashboard/blockedNumbers",
      cookie: admin.cookie,
      form: { intent: "block", phone: "01733444555", reason: "x".repeat(600) },
    });
    expect(longReason.status).toBe(400);
    expect(longReason.data).toMatchObject({
      issues: [{ path: "reason", message: "A reason of at most 500 characters" }],
    });

    const added = await postToAction(ctx, blockedAction, {
      path: "/dashboard/blockedNumbers",
      cookie: admin.cookie,
      form: { intent: "block", phone: "+8801733444555", reason: "Refused three parcels" },
    });
    expect(added.data).toEqual({ ok: true, intent: "block", phone: "01733444555" });
    const listed = await callLoader(ctx, blockedLoader, {
      path: "/dashboard/blockedNumbers",
      cookie: admin.cookie,
    });
    expect((listed.data as { blocked: { phone: string; reason: string }[] }).blocked).toEqual([
      expect.objectContaining({ phone: "01733444555", reason: "Refused three parcels" }),
    ]);

    const held = await place({ phone: "01733444555" });
    const row = (await queue()).data.find((o) => o._id === held.id);
    expect(row?.heldReason).toBe("Blocked number: Refused three parcels");
    expect(row?.risk).toMatchObject({ blocked: true, risky: true });

    const removed = await postToAction(ctx, blockedAction, {
      path: "/dashboard/blockedNumbers",
      cookie: admin.cookie,
      form: { intent: "unblock", phone: "01733444555" },
    });
    expect(removed.data).toMatchObject({ ok: true, intent: "unblock" });
    expect(await ctx.db.select().from(phoneBlocks)).toEqual([]);

    const byCustomer = await postToAction(ctx, blockedAction, {
      path: "/dashboard/blockedNumbers",
      cookie: customer.cookie,
      form: { intent: "block", phone: "01733444555", reason: "x" },
    });
    expect(byCustomer.status).toBe(403);
    const customerPage = await callLoader(ctx, blockedLoader, {
      path: "/dashboard/blockedNumbers",
      cookie: customer.cookie,
    });
    expect(customerPage.status).toBe(403);
    const guestPage = await callLoader(ctx, blockedLoader, {
      path: "/dashboard/blockedNumbers",
    });
    expect([302, 401]).toContain(guestPage.status);
  });
  it("finds an order by its number or phone typed in Bengali digits (issue 25)", async () => {
    const phone = "01812345099";
    const placed = await place({ phone });
    const bn = toBengaliDigits;
    const [row] = (await queue(`?q=${encodeURIComponent(bn(`#${placed.orderNumber}`))}`)).data;
    expect(row?._id).toBe(placed.id);
    const byPhone = await queue(`?q=${encodeURIComponent(bn(phone))}`);
    expect(byPhone.data.map((o) => o._id)).toEqual([placed.id]);
  });

  it("says on the page why a call was refused once the order left Pending (its row is gone)", async () => {
    // Another admin cancelled it while this one still had the queue open.
    const placed = await place({ status: ["Cancelled"] });
    const res = await documentRequest(ctx, {
      path: "/dashboard/pendingOrders?lang=bn",
      cookie: admin.cookie,
      form: {
        intent: "call",
        id: placed.id,
        orderNumber: String(placed.orderNumber),
        outcome: "confirmed",
      },
    });
    expect(res.status).toBe(409);
    expect(res.html).toContain(
      `অর্ডার #${toBengaliDigits(String(placed.orderNumber))}: ফোনের তথ্য শুধু অপেক্ষমাণ অর্ডারে লেখা যায়; এই অর্ডারটি বাতিল`,
    );
    expect(await statusOf(placed.id)).toBe("Cancelled");
  });
});
