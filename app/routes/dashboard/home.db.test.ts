import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { actorMiddleware } from "~/app/lib/context.server";
import type { AppContext } from "~/server/app-context";
import { appContext } from "~/server/http/router-context";
import { signUp, signUpAdmin } from "~/server/testing/accounts";
import { describeDb, openTestContext, TEST_DB } from "~/server/testing/test-context";
import { loader } from "./home";

/** Issue 20 item 25: an admin is told on the dashboard home when mail goes nowhere. */
describeDb(`dashboard home's mail notice (${TEST_DB})`, () => {
  let withoutSmtp: AppContext;
  let withSmtp: AppContext;

  beforeAll(async () => {
    withoutSmtp = await openTestContext();
    // Nothing listens there: the sign-up mail fails (logged); the notice follows the setting.
    withSmtp = await openTestContext({ SMTP_URL: "smtp://127.0.0.1:2525" });
  });
  afterAll(async () => {
    await withoutSmtp?.close();
    await withSmtp?.close();
  });

  async function home(ctx: AppContext, cookie: string) {
    const request = new Request("http://localhost:3000/dashboard", { headers: { cookie } });
    const context = new RouterContextProvider();
    context.set(appContext, ctx);
    await actorMiddleware(
      { request, context, params: {}, url: new URL(request.url), pattern: "" } as never,
      async () => new Response(),
    );
    return loader({ request, context, params: {} } as never);
  }

  it("flags it for an admin when SMTP_URL is not set, not when it is", async () => {
    const admin = await signUpAdmin(withoutSmtp, { email: "notice-admin@haat.test" });
    expect((await home(withoutSmtp, admin.cookie)).mailNotSent).toBe(true);
    const other = await signUpAdmin(withSmtp, { email: "notice-admin@haat.test" });
    expect((await home(withSmtp, other.cookie)).mailNotSent).toBe(false);
  });

  it("does not show it to a customer, who cannot set it", async () => {
    const customer = await signUp(withoutSmtp, { email: "notice-customer@haat.test" });
    expect((await home(withoutSmtp, customer.cookie)).mailNotSent).toBe(false);
  });
});
