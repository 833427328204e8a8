import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { orders, session, user } from "../db/schema";
import { AppError } from "../errors";
import { signUp } from "../testing/accounts";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { insertOrder } from "./orders";
import { deleteUser, findUserById, setUserRole } from "./users";

describeDb(`users service (${TEST_DB})`, () => {
  let ctx: AppContext;

  beforeAll(async () => {
    ctx = await openTestContext();
  });
  afterAll(async () => ctx?.close());

  const makeAdmin = async (email: string) => {
    const { id } = await signUp(ctx, { email });
    await ctx.db.update(user).set({ role: "admin" }).where(eq(user.id, id));
    return { userId: id, role: "admin" as const };
  };

  const conflict = (p: Promise<unknown>) =>
    expect(p).rejects.toSatisfy((e) => e instanceof AppError && e.code === "conflict");

  it("never demotes or deletes the last admin", async () => {
    const solo = await makeAdmin("solo-admin@haat.test");
    // Other suites' admins are not in this database: solo is the only admin.
    await conflict(setUserRole(ctx.db, solo, solo.userId, "customer"));
    await conflict(deleteUser(ctx.db, solo, solo.userId));
    expect((await findUserById(ctx.db, solo.userId))?.role).toBe("admin");

    const second = await makeAdmin("second-admin@haat.test");
    const demoted = await setUserRole(ctx.db, second, solo.userId, "customer");
    expect(demoted.role).toBe("customer");
    await conflict(setUserRole(ctx.db, second, second.userId, "customer"));
    await conflict(deleteUser(ctx.db, second, second.userId));
    // Put things back for the next test.
    await setUserRole(ctx.db, second, solo.userId, "admin");
  });

  it("keeps one admin when two admins demote each other at the same moment", async () => {
    const rows = await ctx.db.select().from(user).where(eq(user.role, "admin"));
    expect(rows.length).toBe(2);
    const [a, b] = rows.map((r) => ({ userId: r.id, role: "admin" as const }));
    if (!a || !b) throw new Error("two admins expected");
    const results = await Promise.allSettled([
      setUserRole(ctx.db, a, b.userId, "customer"),
      setUserRole(ctx.db, b, a.userId, "customer"),
    ]);
    // The admin rows are locked: the second change waits for the first, then sees one admin left.
    expect(results.filter((r) => r.status === "fulfilled").length).toBe(1);
    const left = await ctx.db.select().from(user).where(eq(user.role, "admin"));
    expect(left.length).toBe(1);
  });

  it("lets only admins change roles, and users delete only themselves", async () => {
    const c1 = await signUp(ctx, { email: "c1@haat.test" });
    const c2 = await signUp(ctx, { email: "c2@haat.test" });
    const customer = { userId: c1.id, role: "customer" as const };
    await expect(setUserRole(ctx.db, customer, c1.id, "admin")).rejects.toSatisfy(
      (e) => e instanceof AppError && e.code === "forbidden",
    );
    await expect(deleteUser(ctx.db, customer, c2.id)).rejects.toSatisfy(
      (e) => e instanceof AppError && e.code === "forbidden",
    );
    await expect(
      setUserRole(ctx.db, { userId: "x", role: "admin" }, "missing", "admin"),
    ).rejects.toSatisfy((e) => e instanceof AppError && e.code === "not_found");
  });

  it("deleting an account removes its sign-in and keeps its orders", async () => {
    const { id } = await signUp(ctx, { name: "Karim", email: "karim@haat.test" });
    const order = await insertOrder(ctx.db, {
      userId: id,
      customer: {
        name: "Karim",
        email: "karim@haat.test",
        mobileNumber: "01712345678",
        district: "ঢাকা",
        thana: "মিরপুর",
        address: "House 1, Road 2",
        comment: "",
        addressType: "Home",
        deliveryArea: "Inside Dhaka",
        paymentSystem: "Cash On Delivery",
      },
      lines: [
        {
          productId: "p1",
          name: "Travel Backpack",
          imageUrl: "",
          color: "N/A",
          size: "N/A",
          unitPrice: 990,
          quantity: 1,
        },
      ],
      placedAt: new Date(),
    });
    await deleteUser(ctx.db, { userId: id, role: "customer" }, id);

    expect(await findUserById(ctx.db, id)).toBeNull();
    expect(await ctx.db.select().from(session).where(eq(session.userId, id))).toEqual([]);
    await expect(
      ctx.auth.api.signInEmail({
        body: { email: "karim@haat.test", password: "a-long-test-password" },
      }),
    ).rejects.toThrow();
    const [kept] = await ctx.db
      .select()
      .from(orders)
      .where(eq(orders.id, order?.id ?? ""));
    expect(kept?.userId).toBeNull();
    expect(kept?.customerEmail).toBe("karim@haat.test");
    expect(kept?.customerName).toBe("Karim");
  });
});
