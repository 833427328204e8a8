import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { signApiToken } from "../auth/api-token";
import { session } from "../db/schema";
import { outboxMessages, signUp, signUpAdmin } from "../testing/accounts";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

/**
 * Issue 20 item 1: an API token lives only as long as the session it was issued to, and only a
 * session cookie gets one. Each journey runs the whole chain over HTTP: sign in, get a token,
 * end the session (sign-out, password reset, role change, deleted account), token → 401.
 */
describeDb(`API tokens live with their session (${TEST_DB})`, () => {
  const ORIGIN = "http://localhost:3000";
  const PASSWORD = "a-long-test-password";
  let ctx: AppContext;
  let app: Hono<AppEnv>;
  let admin: { id: string; cookie: string };

  const cookieOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

  const authPost = (path: string, body: unknown, cookie?: string) =>
    app.request(`/api/auth${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: ORIGIN,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });

  const signIn = async (email: string, password = PASSWORD) => {
    const res = await authPost("/sign-in/email", { email, password });
    expect(res.status).toBe(200);
    return cookieOf(res);
  };

  const mintToken = async (email: string, auth: { cookie?: string; bearer?: string }) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (auth.cookie) headers.cookie = auth.cookie;
    if (auth.bearer) headers.authorization = `Bearer ${auth.bearer}`;
    const res = await app.request("/api/jwt", {
      method: "POST",
      headers,
      body: JSON.stringify({ email }),
    });
    const body = (await res.json()) as { token?: string };
    return { status: res.status, token: body.token as string };
  };

  /** What a stolen token is used for: the owner's own checks and order list. */
  const useToken = async (email: string, token: string) => {
    const bearer = { authorization: `Bearer ${token}` };
    const check = await app.request(`/api/customer/${email}`, { headers: bearer });
    const orders = await app.request(`/api/order?email=${encodeURIComponent(email)}`, {
      headers: bearer,
    });
    return [check.status, orders.status];
  };

  let seq = 0;
  const newCustomer = async () => {
    const email = `token-${TEST_DB}-${seq++}@haat.test`;
    const account = await signUp(ctx, { email, password: PASSWORD });
    return { ...account, email };
  };

  beforeAll(async () => {
    ctx = await openTestContext();
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    admin = await signUpAdmin(ctx, { email: `token-admin-${TEST_DB}@haat.test` });
  });
  afterAll(async () => ctx?.close());

  it("issues a token to a session cookie only: a bearer token cannot mint the next one", async () => {
    const me = await newCustomer();
    const cookie = await signIn(me.email);
    const first = await mintToken(me.email, { cookie });
    expect(first.status).toBe(200);
    expect(await useToken(me.email, first.token)).toEqual([200, 200]);
    const renewed = await mintToken(me.email, { bearer: first.token });
    expect(renewed.status).toBe(401);
    expect(renewed.token).toBeUndefined();
  });

  it("sign-out: the session's token answers 401; a token of another session of the same user lives on", async () => {
    const me = await newCustomer();
    const phone = await signIn(me.email);
    const laptop = await signIn(me.email);
    const phoneToken = (await mintToken(me.email, { cookie: phone })).token;
    const laptopToken = (await mintToken(me.email, { cookie: laptop })).token;
    expect(await useToken(me.email, phoneToken)).toEqual([200, 200]);

    const out = await authPost("/sign-out", {}, phone);
    expect(out.status).toBe(200);
    expect(await useToken(me.email, phoneToken)).toEqual([401, 401]);
    expect(await useToken(me.email, laptopToken)).toEqual([200, 200]);
  });

  it("password reset: every token of the account answers 401, and cannot be renewed", async () => {
    const me = await newCustomer();
    const cookie = await signIn(me.email);
    const token = (await mintToken(me.email, { cookie })).token;
    expect(await useToken(me.email, token)).toEqual([200, 200]);

    const asked = await authPost("/request-password-reset", {
      email: me.email,
      redirectTo: "/authentication/reset-password",
    });
    expect(asked.status).toBe(200);
    const mail = (await outboxMessages(ctx)).find(
      (m) => m.includes(`To: ${me.email}`) && m.includes("reset-password?token="),
    );
    const resetToken = /reset-password\?token=([\w-]+)/.exec(
      (mail ?? "").replace(/=\r?\n/g, "").replace(/=3D/g, "="),
    )?.[1];
    expect(resetToken).toBeTruthy();
    const reset = await authPost("/reset-password", {
      token: resetToken,
      newPassword: "a-brand-new-password",
    });
    expect(reset.status).toBe(200);

    expect(await useToken(me.email, token)).toEqual([401, 401]);
    expect((await mintToken(me.email, { bearer: token })).status).toBe(401);
    expect((await mintToken(me.email, { cookie })).status).toBe(401);
    // The new password signs in and gets a working token again.
    const fresh = await signIn(me.email, "a-brand-new-password");
    expect(await useToken(me.email, (await mintToken(me.email, { cookie: fresh })).token)).toEqual([
      200, 200,
    ]);
  });

  it("role change: promoting or demoting ends the user's tokens and sessions", async () => {
    const me = await newCustomer();
    const cookie = await signIn(me.email);
    const token = (await mintToken(me.email, { cookie })).token;
    const promote = await app.request(`/api/updateUser/${me.id}`, {
      method: "PUT",
      headers: { cookie: admin.cookie, "content-type": "application/json" },
      body: JSON.stringify({ role: "admin" }),
    });
    expect(promote.status).toBe(200);
    expect(await useToken(me.email, token)).toEqual([401, 401]);
    expect((await mintToken(me.email, { cookie })).status).toBe(401);

    // Signed in again as an admin, then demoted: the admin token dies with the role.
    const adminCookie = await signIn(me.email);
    const adminToken = (await mintToken(me.email, { cookie: adminCookie })).token;
    const users = () =>
      app.request("/api/users", { headers: { authorization: `Bearer ${adminToken}` } });
    expect((await users()).status).toBe(200);
    const demote = await app.request(`/api/updateUser/${me.id}`, {
      method: "PUT",
      headers: { cookie: admin.cookie, "content-type": "application/json" },
      body: JSON.stringify({ role: "customer" }),
    });
    expect(demote.status).toBe(200);
    expect((await users()).status).toBe(401);
    // Re-promoting does not bring the old token back.
    await app.request(`/api/updateUser/${me.id}`, {
      method: "PUT",
      headers: { cookie: admin.cookie, "content-type": "application/json" },
      body: JSON.stringify({ role: "admin" }),
    });
    expect((await users()).status).toBe(401);
  });

  it("deleted account and expired session: the token answers 401", async () => {
    const gone = await newCustomer();
    const goneToken = (await mintToken(gone.email, { cookie: gone.cookie })).token;
    const del = await app.request(`/api/deleteUser/${gone.id}`, {
      method: "DELETE",
      headers: { cookie: gone.cookie },
    });
    expect(del.status).toBe(200);
    expect(await useToken(gone.email, goneToken)).toEqual([401, 401]);

    const stale = await newCustomer();
    const staleToken = (await mintToken(stale.email, { cookie: stale.cookie })).token;
    expect(await useToken(stale.email, staleToken)).toEqual([200, 200]);
    await ctx.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, stale.id));
    expect(await useToken(stale.email, staleToken)).toEqual([401, 401]);
  });

  describe("a token names its session", () => {
    it("is refused when the session belongs to someone else", async () => {
      const a = await newCustomer();
      const b = await newCustomer();
      const bSession = await ctx.auth.api.getSession({
        headers: new Headers({ cookie: b.cookie }),
      });
      const mixed = await signApiToken(ctx.apiTokenKey, {
        sub: a.id,
        email: a.email,
        sid: bSession?.session.id as string,
      });
      expect(await useToken(a.email, mixed)).toEqual([401, 401]);
    });
  });
});
