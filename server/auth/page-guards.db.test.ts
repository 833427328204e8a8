import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { actorMiddleware, requireAdmin, requireUser } from "~/app/lib/context.server";
import type { AppContext } from "../app-context";
import { user } from "../db/schema";
import { appContext } from "../http/router-context";
import { signUp } from "../testing/accounts";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";

/**
 * The pages' guards (app/lib/context.server.ts) against real sessions: the root middleware reads
 * the session once into React Router's context, the guards read it from there.
 */
describeDb(`page guards (${TEST_DB})`, () => {
  let ctx: AppContext;
  let customer: { id: string; cookie: string };
  let admin: { id: string; cookie: string };

  beforeAll(async () => {
    ctx = await openTestContext();
    customer = await signUp(ctx, { name: "Cust", email: "guard-customer@haat.test" });
    admin = await signUp(ctx, { name: "Boss", email: "guard-admin@haat.test" });
    await ctx.db.update(user).set({ role: "admin" }).where(eq(user.id, admin.id));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A page request as the server hands it to React Router, after the root middleware ran. */
  async function page(path: string, cookie?: string) {
    const request = new Request(`http://localhost:3000${path}`, {
      headers: cookie ? { cookie } : {},
    });
    const context = new RouterContextProvider();
    context.set(appContext, ctx);
    await actorMiddleware(
      { request, context, params: {}, url: new URL(request.url), pattern: "" } as never,
      async () => new Response(),
    );
    return { request, context };
  }

  const thrown = (run: () => unknown) => {
    try {
      run();
    } catch (e) {
      return e;
    }
    throw new Error("expected the guard to throw");
  };

  it("sends a guest to the login page and back (also for client-side data requests)", async () => {
    const guest = await page("/dashboard/myShopping?x=1");
    const res = thrown(() => requireUser(guest.request, guest.context)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(
      "/authentication/login?redirectTo=%2Fdashboard%2FmyShopping%3Fx%3D1",
    );
    const dataRequest = await page("/dashboard.data?_routes=routes%2Fdashboard");
    const data = thrown(() => requireUser(dataRequest.request, dataRequest.context)) as Response;
    expect(data.headers.get("location")).toBe("/authentication/login?redirectTo=%2Fdashboard");
  });

  it("takes a refused confirmation link's error to the login page as its notice, not back to the dashboard", async () => {
    const refused = await page("/dashboard?lang=bn&notice=email-confirmed&error=INVALID_TOKEN");
    const res = thrown(() => requireUser(refused.request, refused.context)) as Response;
    expect(res.headers.get("location")).toBe(
      "/authentication/login?redirectTo=%2Fdashboard%3Flang%3Dbn&notice=link-invalid",
    );
  });

  it("says on the login page that the address is confirmed when a used confirmation link is opened signed out", async () => {
    const used = await page("/dashboard?notice=email-confirmed");
    const res = thrown(() => requireUser(used.request, used.context)) as Response;
    expect(res.headers.get("location")).toBe(
      "/authentication/login?redirectTo=%2Fdashboard&notice=email-confirmed",
    );
  });

  it("lets a signed-in user through and shows a customer the 403 page on admin pages", async () => {
    const asCustomer = await page("/dashboard", customer.cookie);
    expect(requireUser(asCustomer.request, asCustomer.context)).toMatchObject({
      userId: customer.id,
      role: "customer",
    });
    // React Router's data(...) with status 403: the dashboard's error page shows its message.
    const forbidden = await page("/dashboard/allUsers", customer.cookie);
    const error = thrown(() => requireAdmin(forbidden.request, forbidden.context)) as {
      data: { message: string };
      init: { status: number };
    };
    expect(error.init.status).toBe(403);
    expect(error.data.message).toBe("You do not have access to this page");
    const asAdmin = await page("/dashboard/allUsers", admin.cookie);
    expect(requireAdmin(asAdmin.request, asAdmin.context).role).toBe("admin");
  });

  it("treats a forged or ended session as a guest", async () => {
    const forged = await page("/dashboard", "better-auth.session_token=forged.value");
    expect(thrown(() => requireUser(forged.request, forged.context))).toBeInstanceOf(Response);
  });
});
