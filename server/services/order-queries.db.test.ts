import { afterAll, beforeAll, expect, it } from "vitest";
import type { Actor } from "~/core/actor";
import type { OrderStatus } from "~/core/order-status";
import type { AppContext } from "../app-context";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { countOrdersByStatus, dailyOrderStats } from "./order-queries";
import { insertOrder } from "./orders";

describeDb(`order counts and daily stats (${TEST_DB})`, () => {
  let ctx: AppContext;
  const admin: Actor = {
    userId: "nobody",
    name: "Admin",
    email: "a@haat.test",
    role: "admin",
    emailVerified: true,
  };
  const guestEmail = "guest@haat.test";

  const place = (at: string, total: number, status: OrderStatus = "Pending", email = guestEmail) =>
    insertOrder(ctx.db, {
      userId: null,
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
          productId: "p",
          name: "Item",
          imageUrl: "",
          color: "N/A",
          size: "N/A",
          unitPrice: total - 60,
          quantity: 1,
        },
      ],
      placedAt: new Date(at),
      laterChanges:
        status === "Pending"
          ? []
          : [{ to: status, at: new Date(at), byUserId: null, byRole: "system" }],
    });

  beforeAll(async () => {
    ctx = await openTestContext();
    // 2026-11-20 in Dhaka runs from 2026-11-19T18:00Z to 2026-11-20T18:00Z.
    await place("2026-11-19T17:59:00Z", 160); // Dhaka 19 Nov, 11:59 pm
    await place("2026-11-19T18:00:00Z", 260); // Dhaka 20 Nov, 00:00 am
    await place("2026-11-20T17:00:00Z", 360, "Cancelled"); // 20 Nov, not revenue
    await place("2026-11-20T17:30:00Z", 1060, "Delivered");
    await place("2026-10-01T10:00:00Z", 5060, "Return"); // outside the 30 days
    await place("2026-11-22T03:00:00Z", 460, "Shipping", "other@haat.test");
  });
  afterAll(async () => ctx?.close());

  it("groups orders and revenue by Dhaka calendar day over 30 days, zero days included", async () => {
    const stats = await dailyOrderStats(ctx.db, 30, new Date("2026-11-23T05:00:00Z"));
    expect(stats).toHaveLength(30);
    expect(stats[0]?.day).toBe("2026-10-25");
    expect(stats.at(-1)?.day).toBe("2026-11-23");
    const byDay = Object.fromEntries(stats.map((s) => [s.day, s]));
    // Revenue is what was delivered; the placed value counts every order, pending ones too.
    expect(byDay["2026-11-19"]).toEqual({ day: "2026-11-19", orders: 1, revenue: 0, placed: 160 });
    expect(byDay["2026-11-20"]).toEqual({
      day: "2026-11-20",
      orders: 3,
      revenue: 1060,
      placed: 260 + 360 + 1060,
    });
    expect(byDay["2026-11-21"]).toEqual({ day: "2026-11-21", orders: 0, revenue: 0, placed: 0 });
    expect(byDay["2026-11-22"]).toEqual({ day: "2026-11-22", orders: 1, revenue: 0, placed: 460 });
    expect(stats.reduce((n, s) => n + s.orders, 0)).toBe(5);
  });

  it("counts every status for an admin and only their own orders for a customer", async () => {
    expect(await countOrdersByStatus(ctx.db, admin)).toEqual({
      Pending: 2,
      Confirmed: 0,
      Shipping: 1,
      Delivered: 1,
      Cancelled: 1,
      Return: 1,
    });
    const other: Actor = {
      userId: "u-other",
      name: "Other",
      email: "other@haat.test",
      role: "customer",
      emailVerified: true,
    };
    expect(await countOrdersByStatus(ctx.db, other)).toMatchObject({
      Shipping: 1,
      Pending: 0,
      Delivered: 0,
    });
    const unverified = { ...other, emailVerified: false };
    expect(Object.values(await countOrdersByStatus(ctx.db, unverified)).every((n) => n === 0)).toBe(
      true,
    );
  });
});
