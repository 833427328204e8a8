import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { actorMiddleware } from "~/app/lib/context.server";
import * as forgotPage from "~/app/routes/auth/forgot-password";
import * as loginPage from "~/app/routes/auth/login";
import * as logoutRoute from "~/app/routes/auth/logout";
import * as registerPage from "~/app/routes/auth/register";
import * as resetPage from "~/app/routes/auth/reset-password";
import type { AppContext } from "~/server/app-context";
import { clientAddressContext } from "~/server/http/client-address";
import { appContext } from "~/server/http/router-context";
import { outboxMessages, signUp } from "~/server/testing/accounts";
import { decodedMail } from "~/server/testing/mail-capture";
import { describeDb, openTestContext, TEST_DB } from "~/server/testing/test-context";
import type { AuthFailure } from "./auth-actions.server";

type Action = (args: never) => Promise<unknown> | unknown;

/** What an action answered: a redirect (Response) or `data(...)` (React Router's DataWithResponseInit). */
type Answer = { status: number; location: string | null; cookies: string[]; body?: AuthFailure };

/**
 * The sign-in pages' actions, as a form post without JavaScript reaches them: real Better Auth on
 * the real database, the root middleware run first, the client's address in the context.
 */
describeDb(`account page actions (${TEST_DB})`, () => {
  let ctx: AppContext;
  let limited: AppContext;
  const password = "right-pass-2026";

  beforeAll(async () => {
    [ctx, limited] = await Promise.all([openTestContext(), openTestContext({ RATE_LIMIT: "on" })]);
    await signUp(ctx, { name: "Mita", email: "mita@haat.test", password });
  });
  afterAll(async () => {
    await Promise.all([ctx?.close(), limited?.close()]);
  });

  /** The router context a page request has once the root middleware ran. */
  async function contextOf(app: AppContext, request: Request, address = "203.0.113.7") {
    const context = new RouterContextProvider();
    context.set(appContext, app);
    context.set(clientAddressContext, address);
    await actorMiddleware(
      { request, context, params: {}, url: new URL(request.url), pattern: "" } as never,
      async () => new Response(),
    );
    return context;
  }

  async function post(
    app: AppContext,
    action: Action,
    path: string,
    fields: Record<string, string>,
    options: { cookie?: string; address?: string } = {},
  ): Promise<Answer> {
    const request = new Request(`http://localhost:3000${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      body: new URLSearchParams(fields),
    });
    const context = await contextOf(app, request, options.address);
    const answer = (await action({ request, context, params: {} } as never)) as
      | Response
      | { data: AuthFailure; init: { status?: number } | null };
    if (answer instanceof Response) {
      return {
        status: answer.status,
        location: answer.headers.get("location"),
        cookies: answer.headers.getSetCookie(),
      };
    }
    return { status: answer.init?.status ?? 200, location: null, cookies: [], body: answer.data };
  }

  const cookieHeader = (cookies: string[]) => cookies.map((c) => c.split(";")[0]).join("; ");

  /** A sign-in on the login page with the limits on, from `address`. */
  const signInLimited = (email: string, password: string, address: string) =>
    post(limited, loginPage.action, "/authentication/login", { email, password }, { address });

  it("signs in: the session cookie rides on the redirect to redirectTo", async () => {
    const res = await post(ctx, loginPage.action, "/authentication/login", {
      email: "mita@haat.test",
      password,
      redirectTo: "/dashboard/myShopping?page=2",
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/dashboard/myShopping?page=2");
    expect(res.cookies.some((c) => c.includes("session_token="))).toBe(true);
    const session = await ctx.auth.api.getSession({
      headers: new Headers({ cookie: cookieHeader(res.cookies) }),
    });
    expect(session?.user.email).toBe("mita@haat.test");
  });

  it("goes home instead of to another site", async () => {
    const res = await post(ctx, loginPage.action, "/authentication/login", {
      email: "mita@haat.test",
      password,
      redirectTo: "//evil.example/phish",
    });
    expect(res.location).toBe("/");
  });

  it("re-renders a wrong password with Better Auth's message, the email kept", async () => {
    const res = await post(ctx, loginPage.action, "/authentication/login", {
      email: "mita@haat.test",
      password: "not-it",
    });
    expect(res.status).toBe(401);
    expect(res.cookies).toEqual([]);
    expect(res.body).toMatchObject({
      ok: false,
      message: "Invalid email or password",
      values: { email: "mita@haat.test", redirectTo: "/" },
    });
  });

  it("asks for a missing email and password under their fields", async () => {
    const res = await post(ctx, loginPage.action, "/authentication/login", { email: "" });
    expect(res.status).toBe(400);
    expect(res.body?.issues).toEqual([
      { path: "email", message: "Email is required" },
      { path: "password", message: "Password is required" },
    ]);
  });

  it("registers (home with the welcome notice, signed in), then signs in", async () => {
    const res = await post(ctx, registerPage.action, "/authentication/register", {
      name: "Sadia Rahman",
      email: "Sadia@Haat.test",
      password: "sadia-pass-2026",
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/?notice=welcome");
    const session = await ctx.auth.api.getSession({
      headers: new Headers({ cookie: cookieHeader(res.cookies) }),
    });
    expect(session?.user).toMatchObject({ email: "sadia@haat.test", name: "Sadia Rahman" });

    const again = await post(ctx, loginPage.action, "/authentication/login", {
      email: "sadia@haat.test",
      password: "sadia-pass-2026",
    });
    expect(again.location).toBe("/");
    expect(again.cookies.some((c) => c.includes("session_token="))).toBe(true);
  });

  it("asks a taken email to sign in: no session, no second account, the owner's name kept", async () => {
    const res = await post(ctx, registerPage.action, "/authentication/register", {
      name: "Someone Else",
      email: "mita@haat.test",
      password: "other-pass-2026",
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/authentication/login?notice=sign-in-instead");
    expect(res.cookies.some((c) => c.includes("session_token="))).toBe(false);
    const owner = await post(ctx, loginPage.action, "/authentication/login", {
      email: "mita@haat.test",
      password,
    });
    const session = await ctx.auth.api.getSession({
      headers: new Headers({ cookie: cookieHeader(owner.cookies) }),
    });
    expect(session?.user).toMatchObject({ email: "mita@haat.test", name: "Mita" });
  });

  it("refuses a too-short password under its field, in Better Auth's words, and keeps name and email", async () => {
    const res = await post(ctx, registerPage.action, "/authentication/register", {
      name: "Short",
      email: "short@haat.test",
      password: "abc",
    });
    expect(res.status).toBe(400);
    expect(res.body?.code).toBe("invalid");
    expect(res.body?.issues).toEqual([{ path: "password", message: "Password too short" }]);
    expect(res.body?.values).toEqual({ name: "Short", email: "short@haat.test" });
  });

  it("forgot password: no email is the spec's warning; an email goes home with the notice", async () => {
    const empty = await post(ctx, forgotPage.action, "/authentication/forgot-password", {
      email: "  ",
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      code: "email_required",
      message: "Please provide your email address to reset the password.",
    });
    const sent = await post(ctx, forgotPage.action, "/authentication/forgot-password", {
      email: "mita@haat.test",
    });
    expect(sent.location).toBe("/?notice=reset-sent");
  });

  it("mails in the page's language: a reset, a sign-up's confirmation and a taken address, in Bengali", async () => {
    const bengali = { cookie: "lang=bn" };
    const before = (await outboxMessages(ctx)).length;
    await post(
      ctx,
      forgotPage.action,
      "/authentication/forgot-password",
      { email: "mita@haat.test" },
      bengali,
    );
    await post(
      ctx,
      registerPage.action,
      "/authentication/register",
      { name: "রুমা", email: "ruma.bn@haat.test", password },
      bengali,
    );
    await post(
      ctx,
      registerPage.action,
      "/authentication/register",
      { name: "Mita", email: "mita@haat.test", password },
      bengali,
    );
    const mails = (await outboxMessages(ctx)).slice(before).map(decodedMail);
    const reset = mails.find((m) => m.text.includes("reset-password?token="));
    expect(reset?.subject).toBe("Haat-এর পাসওয়ার্ড নতুন করে সেট করুন");
    expect(reset?.text).toMatch(/^প্রিয় Mita,/);
    // The link opens the new-password page in Bengali.
    expect(reset?.text).toMatch(/\/authentication\/reset-password\?token=[^\s&]+&lang=bn/);
    const confirm = mails.find((m) => m.text.includes("verify-email?token="));
    expect(confirm?.subject).toBe("Haat-এর জন্য আপনার ইমেইল নিশ্চিত করুন");
    // After confirming, the visitor lands on the dashboard in Bengali.
    expect(confirm?.text).toContain(
      "callbackURL=%2Fdashboard%3Flang%3Dbn%26notice%3Demail-confirmed",
    );
    const taken = mails.find((m) => m.subject.includes("অ্যাকাউন্ট আছে"));
    expect(taken?.text).toContain("/authentication/login?lang=bn");
    for (const mail of mails) expect(mail.text).not.toMatch(/Hello|Reset your|Confirm my/);
  });

  it("mails in English from an English page, as before", async () => {
    const before = (await outboxMessages(ctx)).length;
    await post(ctx, forgotPage.action, "/authentication/forgot-password", {
      email: "mita@haat.test",
    });
    const [reset] = (await outboxMessages(ctx)).slice(before).map(decodedMail);
    expect(reset?.subject).toBe("Reset your Haat password");
    expect(reset?.text).toMatch(/^Hello Mita,/);
    expect(reset?.text).toMatch(/reset-password\?token=[^\s&]+\s/);
  });

  it("new password: two different entries and a used-up link are refused with the page's words", async () => {
    const differ = await post(ctx, resetPage.action, "/authentication/reset-password", {
      token: "whatever",
      password: "new-pass-2026",
      confirm: "new-pass-2027",
    });
    expect(differ.body?.issues).toEqual([
      { path: "confirm", message: "The two passwords do not match." },
    ]);
    const invalid = await post(ctx, resetPage.action, "/authentication/reset-password", {
      token: "not-a-real-token",
      password: "new-pass-2026",
      confirm: "new-pass-2026",
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body?.message).toMatch(/^This password reset link is not valid or has expired/);
  });

  it("a reset link says on arrival whether it still works: live, then spent once used", async () => {
    const before = (await outboxMessages(ctx)).length;
    await signUp(ctx, { name: "Rina", email: "rina@haat.test", password });
    await post(ctx, forgotPage.action, "/authentication/forgot-password", {
      email: "rina@haat.test",
    });
    const mail = (await outboxMessages(ctx))
      .slice(before)
      .map(decodedMail)
      .find((m) => m.text.includes("reset-password?token="));
    const link = mail?.text.match(/(\/authentication\/reset-password\?token=[^\s&]+)/)?.[1];
    expect(link).toBeDefined();
    const token = new URL(`http://localhost${link}`).searchParams.get("token") ?? "";
    const open = async (path: string) => {
      const request = new Request(`http://localhost:3000${path}`);
      const context = await contextOf(ctx, request);
      return resetPage.loader({ request, context, params: {} } as never);
    };
    expect((await open(link ?? "")).linkLive).toBe(true);
    expect((await open("/authentication/reset-password?token=made-up")).linkLive).toBe(false);
    expect((await open("/authentication/reset-password")).linkLive).toBe(false);

    const done = await post(ctx, resetPage.action, "/authentication/reset-password", {
      token,
      password: "rina-new-2026",
      confirm: "rina-new-2026",
    });
    expect(done.location).toBe("/authentication/login?notice=password-changed");
    expect((await open(link ?? "")).linkLive).toBe(false);
  });

  it("a reset ends the account's other reset links: an older mail cannot set a password of its own", async () => {
    const before = (await outboxMessages(ctx)).length;
    await signUp(ctx, { name: "Karim", email: "karim-reset@haat.test", password });
    for (let i = 0; i < 2; i++) {
      await post(ctx, forgotPage.action, "/authentication/forgot-password", {
        email: "karim-reset@haat.test",
      });
    }
    const tokens = (await outboxMessages(ctx))
      .slice(before)
      .map(decodedMail)
      .map((m) => m.text.match(/reset-password\?token=([^\s&]+)/)?.[1])
      .filter((t): t is string => t !== undefined)
      .map(decodeURIComponent);
    expect(tokens).toHaveLength(2);
    const [older, newer] = tokens as [string, string];
    const used = await post(ctx, resetPage.action, "/authentication/reset-password", {
      token: newer,
      password: "karim-new-2026",
      confirm: "karim-new-2026",
    });
    expect(used.location).toBe("/authentication/login?notice=password-changed");
    const stale = await post(ctx, resetPage.action, "/authentication/reset-password", {
      token: older,
      password: "karim-third-2026",
      confirm: "karim-third-2026",
    });
    expect(stale.status).toBe(400);
    expect(stale.body?.message).toMatch(/^This password reset link is not valid or has expired/);
    // The password is the one the used link set.
    const signedIn = await post(ctx, loginPage.action, "/authentication/login", {
      email: "karim-reset@haat.test",
      password: "karim-new-2026",
    });
    expect(signedIn.cookies.some((c) => c.includes("session_token="))).toBe(true);
  });

  it("sends a signed-in visitor back from the sign-in and sign-up forms instead of replacing their session", async () => {
    const signedIn = await post(ctx, loginPage.action, "/authentication/login", {
      email: "mita@haat.test",
      password,
    });
    const cookie = cookieHeader(signedIn.cookies);
    const open = async (
      page: typeof loginPage | typeof registerPage,
      path: string,
      headers = {},
    ) => {
      const request = new Request(`http://localhost:3000${path}`, { headers });
      const context = await contextOf(ctx, request);
      try {
        await page.loader({ request, context, params: {} } as never);
        return "the form";
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown;
        return `${thrown.status} ${thrown.headers.get("location")}`;
      }
    };
    expect(await open(loginPage, "/authentication/login", { cookie })).toBe("302 /");
    expect(
      await open(registerPage, "/authentication/register?redirectTo=%2Fcart", { cookie }),
    ).toBe("302 /cart");
    // Without a session, the forms.
    expect(await open(loginPage, "/authentication/login")).toBe("the form");
    expect(await open(registerPage, "/authentication/register")).toBe("the form");
  });

  it("logs out: the session ends and the page comes back with the notice", async () => {
    const signedIn = await post(ctx, loginPage.action, "/authentication/login", {
      email: "mita@haat.test",
      password,
    });
    const cookie = cookieHeader(signedIn.cookies);
    const res = await post(
      ctx,
      logoutRoute.action,
      "/authentication/logout",
      { redirectTo: "/shop?sort=new" },
      { cookie },
    );
    expect(res.location).toBe("/shop?sort=new&notice=logged-out");
    expect(res.cookies.some((c) => /session_token=;/.test(c))).toBe(true);
    expect(await ctx.auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
  });

  it("counts page sign-ins with the API's per-email limit: the 11th for one email is refused", async () => {
    await signUp(limited, { name: "Target", email: "target@haat.test", password });
    // Ten guesses from ten addresses (the per-address rule is not what stops them).
    for (let i = 0; i < 10; i++) {
      const res = await signInLimited("target@haat.test", `guess-${i}`, `198.51.100.${i + 1}`);
      expect(res.status).toBe(401);
    }
    const refused = await signInLimited("Target@haat.test", password, "198.51.100.99");
    expect(refused.status).toBe(429);
    expect(refused.cookies).toEqual([]);
    expect(refused.body?.message).toMatch(
      /^Too many requests\. Please try again in \d+ minutes?\.$/,
    );
  });

  it("takes a page sign-in that succeeds off the per-email count: the owner on many devices is not locked out", async () => {
    await signUp(limited, { name: "Owner", email: "owner@haat.test", password });
    for (let i = 0; i < 12; i++) {
      const res = await signInLimited("owner@haat.test", password, `198.51.100.${i + 120}`);
      expect(res.status).toBe(302);
      expect(res.location).toBe("/");
    }
    const guess = await signInLimited("owner@haat.test", "guess-after-them", "198.51.100.200");
    expect(guess.status).toBe(401);
  });

  it("counts page sign-ins with Better Auth's per-address rule, shared with /api/auth", async () => {
    const address = "192.0.2.44";
    // Better Auth's own window for this address and path, filled through its handler (with
    // malformed emails, refused before any password hashing: the window counts them all).
    for (let i = 0; i < 20; i++) {
      const res = await limited.auth.handler(
        new Request("http://localhost:3000/api/auth/sign-in/email", {
          method: "POST",
          headers: { "content-type": "application/json", "x-haat-client-ip": address },
          body: JSON.stringify({ email: `someone-${i}`, password: "whatever-1" }),
        }),
      );
      expect(res.status).toBe(400);
    }
    const refused = await post(
      limited,
      loginPage.action,
      "/authentication/login",
      { email: "fresh@haat.test", password: "whatever-1" },
      { address },
    );
    expect(refused.status).toBe(429);
  });
});
