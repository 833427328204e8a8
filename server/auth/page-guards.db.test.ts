import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { requireAdmin, requireUser } from "../../app/lib/guards.server";
import type { AppContext } from "../app-context";
import { user } from "../db/schema";
import { signUp } from "../testing/accounts";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";

/** The dashboard's page guards (app/lib/guards.server.ts) against real sessions. */
describeDb(`page guards (${TEST_DB})`, () => {
  let ctx: AppContext;
  let customer: { id: string; cookie: string };
  let admin: { id: string; cookie: string };

  beforeAll(async () => {
    ctx = await openTestContext();
    globalThis.__haatContext = Promise.resolve(ctx);
    customer = await signUp(ctx, { name: "Cust", email: "guard-customer@haat.test" });
    admin = await signUp(ctx, { name: "Boss", email: "guard-admin@haat.test" });
    await ctx.db.update(user).set({ role: "admin" }).where(eq(user.id, admin.id));
  });
  afterAll(async () => {
    globalThis.__haatContext = undefined;
    await ctx?.close();
  });

  const page = (path: string, cookie?: string) =>
    new Request(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} });

  const thrown = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      return e;
    }
    throw new Error("expected the guard to throw");
  };

  it("sends a guest to the login page and back (also for client-side data requests)", async () => {
    const res = (await thrown(requireUser(page("/dashboard/myShopping?x=1")))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(
      "/authentication/login?redirectTo=%2Fdashboard%2FmyShopping%3Fx%3D1",
    );
    const data = (await thrown(
      requireUser(page("/dashboard.data?_routes=routes%2Fdashboard")),
    )) as Response;
    expect(data.headers.get("location")).toBe("/authentication/login?redirectTo=%2Fdashboard");
  });

  it("lets a signed-in user through and shows a customer the 403 page on admin pages", async () => {
    expect((await requireUser(page("/dashboard", customer.cookie))).role).toBe("customer");
    // React Router's data(...) with status 403: the dashboard's error page shows its message.
    const error = (await thrown(requireAdmin(page("/dashboard/allUsers", customer.cookie)))) as {
      data: { message: string };
      init: { status: number };
    };
    expect(error.init.status).toBe(403);
    expect(error.data.message).toBe("You do not have access to this page");
    expect((await requireAdmin(page("/dashboard/allUsers", admin.cookie))).role).toBe("admin");
  });
});
