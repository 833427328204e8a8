import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { actorMiddleware } from "~/app/lib/context.server";
import type { OrderStatus } from "~/core/order-status";
import { orderInputSchema } from "~/core/schemas/order";
import type { AppContext } from "~/server/app-context";
import { orderStatusHistory, orders } from "~/server/db/schema";
import { appContext } from "~/server/http/router-context";
import { insertOrder, placeOrder } from "~/server/services/orders";
import { createProduct } from "~/server/services/products";
import { stockOf } from "~/server/services/stock";
import { signUp, signUpAdmin } from "~/server/testing/accounts";
import { CUSTOMER_DATA, PRODUCT_BODY } from "~/server/testing/api-fixtures";
import { describeDb, openTestContext, TEST_DB } from "~/server/testing/test-context";
import { action as listAction } from "./order-list";
import { action as overviewAction } from "./order-overview";

/**
 * The order screens' buttons as route actions (issue 21 item 2), against the real database:
 * the same services as PUT /api/orderStatus and DELETE /api/deleteOrder decide, and the status
 * the person saw travels as `from` (issue 20 item 6).
 */
describeDb(`order changes from the dashboard's pages (${TEST_DB})`, () => {
  let ctx: AppContext;
  let admin: { id: string; cookie: string };
  let customer: { id: string; cookie: string };
  let other: { id: string; cookie: string };
  /** A product the orders below are for (one that is gone cannot be confirmed again). */
  let itemId: string;

  beforeAll(async () => {
    ctx = await openTestContext();
    itemId = (await createProduct(ctx.db, { ...PRODUCT_BODY, name: "Item", sizes: [], colors: [] }))
      ._id;
    admin = await signUpAdmin(ctx, { email: "page-admin@haat.test" });
    customer = await signUp(ctx, { email: "page-customer@haat.test" });
    other = await signUp(ctx, { email: "page-other@haat.test" });
  });
  afterAll(async () => ctx?.close());

  async function place(owner: { id: string }, email: string, status: OrderStatus = "Pending") {
    const placed = await insertOrder(ctx.db, {
      userId: owner.id,
      customer: {
        name: "Rahim",
        email,
        mobileNumber: "01712345678",
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
          productId: itemId,
          name: "Item",
          imageUrl: "",
          color: "N/A",
          size: "N/A",
          unitPrice: 500,
          quantity: 1,
        },
      ],
      placedAt: new Date(),
      laterChanges:
        status === "Pending"
          ? []
          : [{ to: status, at: new Date(), byUserId: null, byRole: "system" }],
    });
    if (!placed) throw new Error("order not stored");
    return placed.id;
  }

  const statusOf = async (id: string) =>
    (await ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]
      ?.status;

  /** A form post to a dashboard page, after the root middleware read the session. */
  async function post(
    path: string,
    cookie: string,
    fields: Record<string, string>,
    run: typeof listAction | typeof overviewAction = listAction,
  ) {
    const request = new Request(`http://localhost:3000${path}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    const context = new RouterContextProvider();
    context.set(appContext, ctx);
    await actorMiddleware(
      { request, context, params: {}, url: new URL(request.url), pattern: "" } as never,
      async () => new Response(),
    );
    const result = (await run({ request, context, params: {} } as never)) as unknown;
    // pageError answers React Router's data(...): the failure and its status.
    if (result && typeof result === "object" && "init" in result && "data" in result) {
      const wrapped = result as { data: Record<string, unknown>; init: { status: number } };
      return { status: wrapped.init.status, body: wrapped.data };
    }
    if (result instanceof Response) return { status: result.status, body: result };
    return { status: 200, body: result as Record<string, unknown> };
  }

  const change = (id: string, from: OrderStatus, to: OrderStatus) => ({
    intent: "status",
    id,
    orderNumber: "1",
    from,
    to,
    confirmed: "yes",
    script: "yes",
  });

  it("lets an admin confirm, cancel and delete an order, each recorded", async () => {
    const id = await place(customer, "page-customer@haat.test");
    expect(
      await post("/dashboard/pendingOrders", admin.cookie, change(id, "Pending", "Confirmed")),
    ).toEqual({
      status: 200,
      body: { ok: true, kind: "status", id, to: "Confirmed" },
    });
    expect(
      (await post("/dashboard/confirmedOrders", admin.cookie, change(id, "Confirmed", "Cancelled")))
        .status,
    ).toBe(200);
    expect(await statusOf(id)).toBe("Cancelled");
    const history = await ctx.db
      .select({ to: orderStatusHistory.toStatus, by: orderStatusHistory.changedByUserId })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id));
    expect(history).toEqual(
      expect.arrayContaining([
        { to: "Confirmed", by: admin.id },
        { to: "Cancelled", by: admin.id },
      ]),
    );
    const deleted = await post("/dashboard/cancelledOrders", admin.cookie, {
      intent: "delete",
      id,
      orderNumber: "1",
      from: "Cancelled",
      confirmed: "yes",
      script: "yes",
    });
    expect(deleted).toEqual({ status: 200, body: { ok: true, kind: "delete", id } });
    expect(await statusOf(id)).toBeUndefined();
  });

  it("marks a return received from the Return list once (admins), giving its stock back", async () => {
    const product = await createProduct(ctx.db, {
      ...PRODUCT_BODY,
      name: "Returnable Kurta",
      trackStock: true,
      stock: [{ size: "M", color: "White", quantity: 4 }],
    });
    const placed = await placeOrder(
      ctx.db,
      orderInputSchema.parse({
        products: [
          {
            id: product._id,
            color: "White",
            size: "M",
            originalPrice: product.offerPrice ?? product.originalPrice,
            quantity: 3,
          },
        ],
        customerData: { ...CUSTOMER_DATA, email: "page-customer@haat.test" },
      }),
      { userId: customer.id, freeDeliveryOver: 5000 },
    );
    const id = placed.insertedId;
    for (const [from, to] of [
      ["Pending", "Confirmed"],
      ["Confirmed", "Delivered"],
      ["Delivered", "Return"],
    ] as const) {
      expect(
        (await post("/dashboard/returnOrders", admin.cookie, change(id, from, to))).status,
      ).toBe(200);
    }
    const onHand = async () => (await stockOf(ctx.db, [product])).get(product._id)?.[0]?.quantity;
    expect(await onHand()).toBe(1);
    const received = {
      intent: "return-received",
      id,
      orderNumber: "1",
      from: "Return",
      confirmed: "yes",
      script: "yes",
    };
    const byCustomer = await post("/dashboard/myReturn", customer.cookie, received);
    expect(byCustomer).toMatchObject({ status: 403, body: { ok: false, code: "forbidden" } });
    expect(await post("/dashboard/returnOrders", admin.cookie, received)).toEqual({
      status: 200,
      body: { ok: true, kind: "return-received", id },
    });
    expect(await onHand()).toBe(4);
    const twice = await post("/dashboard/returnOrders", admin.cookie, received);
    expect(twice).toMatchObject({ status: 409, body: { ok: false, code: "conflict" } });
    expect(await onHand()).toBe(4);
  });

  it("changes nothing until the change is confirmed (a plain form post asks first)", async () => {
    const id = await place(customer, "page-customer@haat.test");
    const { confirmed: _, script: __, ...unconfirmed } = change(id, "Pending", "Confirmed");
    const asked = await post("/dashboard/pendingOrders", admin.cookie, unconfirmed);
    expect(asked.body).toMatchObject({
      ok: "confirm",
      change: { id, to: "Confirmed", from: "Pending" },
    });
    expect(await statusOf(id)).toBe("Pending");
  });

  it("sends a plain form post that deleted the overview's order on to the list it was on", async () => {
    const id = await place(customer, "page-customer@haat.test", "Delivered");
    const res = await post(
      `/dashboard/order-overview/${id}`,
      admin.cookie,
      { intent: "delete", id, orderNumber: "1", from: "Delivered", confirmed: "yes" },
      overviewAction,
    );
    expect(res.status).toBe(302);
    expect((res.body as Response).headers.get("location")).toBe("/dashboard/deliveredOrders");
    expect(await statusOf(id)).toBeUndefined();
  });

  it("lets a customer cancel and re-confirm their own order, not another's, nor an admin's change", async () => {
    const own = await place(customer, "page-customer@haat.test");
    const path = "/dashboard/myShopping";
    expect((await post(path, customer.cookie, change(own, "Pending", "Cancelled"))).status).toBe(
      200,
    );
    // Confirmed again by its owner, it waits for the shop's confirmation as before (decision 095).
    const again = await post(path, customer.cookie, change(own, "Cancelled", "Confirmed"));
    expect(again).toMatchObject({ status: 200, body: { ok: true, kind: "status", to: "Pending" } });
    expect(await statusOf(own)).toBe("Pending");

    const theirs = await place(other, "page-other@haat.test");
    const notMine = await post(path, customer.cookie, change(theirs, "Pending", "Cancelled"));
    expect(notMine).toMatchObject({ status: 404, body: { ok: false, code: "not_found" } });
    expect(await statusOf(theirs)).toBe("Pending");

    // Confirming is the shop's step, not the customer's.
    const adminOnly = await post(path, customer.cookie, change(own, "Pending", "Confirmed"));
    expect(adminOnly).toMatchObject({ status: 409, body: { ok: false, code: "conflict" } });
    const deleting = await post(path, customer.cookie, {
      intent: "delete",
      id: own,
      orderNumber: "1",
      from: "Pending",
      confirmed: "yes",
    });
    expect(deleting).toMatchObject({ status: 403, body: { ok: false, code: "forbidden" } });
    expect(await statusOf(own)).toBe("Pending");
  });

  it("refuses a change made on a status that is no longer the order's (409, nothing changes)", async () => {
    const id = await place(customer, "page-customer@haat.test");
    // The customer cancels while the admin still looks at it as Pending.
    await post("/dashboard/myShopping", customer.cookie, change(id, "Pending", "Cancelled"));
    // The admin's Confirm from "Pending" is stale: it would send on what the customer cancelled.
    const stale = await post(
      "/dashboard/pendingOrders",
      admin.cookie,
      change(id, "Pending", "Confirmed"),
    );
    expect(stale).toMatchObject({
      status: 409,
      body: {
        ok: false,
        code: "conflict",
        message: "The order was changed meanwhile: it is now Cancelled, not Pending",
        details: { currentStatus: "Cancelled", intent: "status" },
      },
    });
    expect(await statusOf(id)).toBe("Cancelled");
    const history = await ctx.db
      .select({ to: orderStatusHistory.toStatus })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id));
    expect(history.map((h) => h.to).sort()).toEqual(["Cancelled", "Pending"].sort());
  });

  it("sends a guest to the login page", async () => {
    const id = await place(customer, "page-customer@haat.test");
    await expect(
      post("/dashboard/pendingOrders", "", change(id, "Pending", "Confirmed")),
    ).rejects.toMatchObject({
      status: 302,
    });
    expect(await statusOf(id)).toBe("Pending");
  });
});
