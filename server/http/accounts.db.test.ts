import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { signApiToken } from "../auth/api-token";
import { user } from "../db/schema";
import { findUserByEmail } from "../services/users";
import { outboxMessages, signUp } from "../testing/accounts";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

describeDb(`accounts API (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;
  let alice: { id: string; cookie: string };
  let bob: { id: string; cookie: string };
  let boss: { id: string; cookie: string };

  const call = async (
    method: string,
    path: string,
    options: { cookie?: string; bearer?: string; body?: unknown } = {},
  ) => {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const res = await app.request(`/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    ctx = await openTestContext({ ADMIN_EMAILS: "Boss@Haat.test, other@haat.test" });
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    alice = await signUp(ctx, { name: "Alice", email: "alice@haat.test" });
    bob = await signUp(ctx, { name: "Bob", email: "bob@haat.test" });
    boss = await signUp(ctx, { name: "Boss", email: "boss@haat.test" });
  });
  afterAll(async () => ctx?.close());

  const sessionIdOf = async (cookie: string) =>
    ((await ctx.auth.api.getSession({ headers: new Headers({ cookie }) }))?.session.id ??
      "") as string;

  it("describes the account routes in the OpenAPI document", async () => {
    const res = await app.request("/api/openapi.json");
    const doc = await res.json();
    for (const path of [
      "/jwt",
      "/postUser",
      "/admin/{email}",
      "/customer/{email}",
      "/users",
      "/updateUser/{id}",
      "/deleteUser/{id}",
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });

  describe("POST /api/jwt", () => {
    it("issues a token for the caller's own email", async () => {
      const { status, body } = await call("POST", "/jwt", {
        cookie: alice.cookie,
        body: { email: "ALICE@haat.test" },
      });
      expect(status).toBe(200);
      expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(body.expiresIn).toBe(3600);
    });

    it("refuses another email with 403 and an anonymous caller with 401", async () => {
      const other = await call("POST", "/jwt", {
        cookie: alice.cookie,
        body: { email: "bob@haat.test" },
      });
      expect(other.status).toBe(403);
      expect(other.body.error.code).toBe("forbidden");
      const anonymous = await call("POST", "/jwt", { body: { email: "alice@haat.test" } });
      expect(anonymous.status).toBe(401);
    });

    it("refuses a non-JSON body (what a cross-site form could send)", async () => {
      const res = await app.request("/api/jwt", {
        method: "POST",
        headers: { cookie: alice.cookie, "content-type": "text/plain" },
        body: JSON.stringify({ email: "alice@haat.test" }),
      });
      expect(res.status).toBe(415);
      const form = await app.request("/api/postUser", {
        method: "POST",
        headers: { cookie: alice.cookie, "content-type": "application/x-www-form-urlencoded" },
        body: "name=Evil&email=alice%40haat.test&role=admin",
      });
      expect(form.status).toBe(415);
    });

    it("answers 400 with field issues for a bad email", async () => {
      const { status, body } = await call("POST", "/jwt", {
        cookie: alice.cookie,
        body: { email: "not-an-email" },
      });
      expect(status).toBe(400);
      expect(body.error.issues[0].path).toBe("email");
    });
  });

  describe("bearer tokens", () => {
    it("authenticate the admin and customer checks", async () => {
      const { body } = await call("POST", "/jwt", {
        cookie: alice.cookie,
        body: { email: "alice@haat.test" },
      });
      const admin = await call("GET", "/admin/alice@haat.test", { bearer: body.token });
      expect(admin).toEqual({ status: 200, body: { admin: false } });
      const customer = await call("GET", "/customer/alice@haat.test", { bearer: body.token });
      expect(customer).toEqual({ status: 200, body: { customer: true } });
    });

    it("are refused when forged, expired or for a deleted user", async () => {
      const sid = await sessionIdOf(alice.cookie);
      const forged = await signApiToken("not-the-key", {
        sub: alice.id,
        email: "alice@haat.test",
        sid,
      });
      expect((await call("GET", "/admin/alice@haat.test", { bearer: forged })).status).toBe(401);
      const expired = await signApiToken(
        ctx.apiTokenKey,
        { sub: alice.id, email: "alice@haat.test", sid },
        Math.floor(Date.now() / 1000) - 7200,
      );
      expect((await call("GET", "/admin/alice@haat.test", { bearer: expired })).status).toBe(401);
      const ghost = await signApiToken(ctx.apiTokenKey, {
        sub: "nobody",
        email: "x@haat.test",
        sid,
      });
      expect((await call("GET", "/admin/x@haat.test", { bearer: ghost })).status).toBe(401);
    });
  });

  describe("admin and customer checks", () => {
    it("answer only about the caller's own email; anonymous gets 401", async () => {
      expect((await call("GET", "/admin/bob@haat.test", { cookie: alice.cookie })).status).toBe(
        403,
      );
      expect((await call("GET", "/customer/bob@haat.test", { cookie: alice.cookie })).status).toBe(
        403,
      );
      expect((await call("GET", "/admin/alice@haat.test")).status).toBe(401);
      expect((await call("GET", "/customer/alice@haat.test")).status).toBe(401);
    });

    it("let an admin ask about anyone", async () => {
      const { db } = ctx;
      await db.update(user).set({ role: "admin" }).where(eq(user.id, bob.id));
      expect(await call("GET", "/admin/alice@haat.test", { cookie: bob.cookie })).toEqual({
        status: 200,
        body: { admin: false },
      });
      expect(await call("GET", "/customer/alice@haat.test", { cookie: bob.cookie })).toEqual({
        status: 200,
        body: { customer: true },
      });
      expect(await call("GET", "/admin/bob@haat.test", { cookie: bob.cookie })).toEqual({
        status: 200,
        body: { admin: true },
      });
      await db.update(user).set({ role: "customer" }).where(eq(user.id, bob.id));
    });
  });

  describe("POST /api/postUser", () => {
    it("records the caller's profile as a customer even when asked for admin, idempotently", async () => {
      const first = await call("POST", "/postUser", {
        cookie: alice.cookie,
        body: { name: "Alice Rahman", email: "alice@haat.test", role: "admin" },
      });
      expect(first).toEqual({ status: 200, body: { insertedId: alice.id } });
      const again = await call("POST", "/postUser", {
        cookie: alice.cookie,
        body: { name: "Alice Rahman", email: "alice@haat.test", role: "admin" },
      });
      expect(again).toEqual(first);
      const row = await findUserByEmail(ctx.db, "alice@haat.test");
      expect(row?.role).toBe("customer");
      expect(row?.name).toBe("Alice Rahman");
    });

    it("refuses another user's email (403) and anonymous callers (401)", async () => {
      const other = await call("POST", "/postUser", {
        cookie: alice.cookie,
        body: { name: "Bob", email: "bob@haat.test", role: "customer" },
      });
      expect(other.status).toBe(403);
      const anonymous = await call("POST", "/postUser", {
        body: { name: "X", email: "x@haat.test", role: "customer" },
      });
      expect(anonymous.status).toBe(401);
    });
  });

  describe("admin user management", () => {
    it("is closed to customers (403) and anonymous callers (401)", async () => {
      expect((await call("GET", "/users", { cookie: alice.cookie })).status).toBe(403);
      expect((await call("GET", "/users")).status).toBe(401);
      expect(
        (
          await call("PUT", `/updateUser/${alice.id}`, {
            cookie: alice.cookie,
            body: { role: "admin" },
          })
        ).status,
      ).toBe(403);
      expect((await call("DELETE", `/deleteUser/${bob.id}`, { cookie: alice.cookie })).status).toBe(
        403,
      );
    });
  });

  describe("admin user management by an admin", () => {
    it("pages the user list with limit and cursor and searches name and email", async () => {
      const lister = await signUp(ctx, { name: "Lister", email: "lister@haat.test" });
      await ctx.db.update(user).set({ role: "admin" }).where(eq(user.id, lister.id));
      const all = await call("GET", "/users", { cookie: lister.cookie });
      expect(all.body.nextCursor).toBeNull();
      const emails = all.body.data.map((u: { email: string }) => u.email);
      expect(emails.length).toBeGreaterThanOrEqual(4);

      const seen: string[] = [];
      let cursor: string | null = "";
      while (cursor !== null) {
        const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
        const page = await call("GET", `/users?limit=2${q}`, { cookie: lister.cookie });
        expect(page.status).toBe(200);
        expect(page.body.data.length).toBeLessThanOrEqual(2);
        seen.push(...page.body.data.map((u: { email: string }) => u.email));
        cursor = page.body.nextCursor;
      }
      expect(seen).toEqual(emails);

      const found = await call("GET", "/users?search=LIST", { cookie: lister.cookie });
      expect(found.body.data.map((u: { email: string }) => u.email)).toEqual(["lister@haat.test"]);
      const byName = await call("GET", "/users?search=alic", { cookie: lister.cookie });
      expect(byName.body.data.map((u: { name: string }) => u.name)).toEqual(["Alice Rahman"]);
      const wildcard = await call("GET", "/users?search=%25", { cookie: lister.cookie });
      expect(wildcard.body.data).toEqual([]);

      for (const bad of ["limit=0", "limit=501", "cursor=nonsense"]) {
        const res = await call("GET", `/users?${bad}`, { cookie: lister.cookie });
        expect(res.status, bad).toBe(400);
      }
      await ctx.db.delete(user).where(eq(user.id, lister.id));
    });

    it("lists, promotes, demotes and deletes users; the last admin stays (409)", async () => {
      const chief = await signUp(ctx, { name: "Chief", email: "chief@haat.test" });
      await ctx.db.update(user).set({ role: "admin" }).where(eq(user.id, chief.id));
      const list = await call("GET", "/users", { cookie: chief.cookie });
      expect(list.status).toBe(200);
      expect(list.body.data.map((u: { email: string }) => u.email)).toContain("alice@haat.test");

      const up = await call("PUT", `/updateUser/${bob.id}`, {
        cookie: chief.cookie,
        body: { role: "admin" },
      });
      expect(up).toMatchObject({ status: 200, body: { data: { _id: bob.id, role: "admin" } } });
      const down = await call("PUT", `/updateUser/${bob.id}`, {
        cookie: chief.cookie,
        body: { role: "customer" },
      });
      expect(down.body.data.role).toBe("customer");
      const bad = await call("PUT", `/updateUser/${bob.id}`, {
        cookie: chief.cookie,
        body: { role: "owner" },
      });
      expect(bad.status).toBe(400);

      // Chief is the only admin now.
      const demoteSelf = await call("PUT", `/updateUser/${chief.id}`, {
        cookie: chief.cookie,
        body: { role: "customer" },
      });
      expect(demoteSelf.status).toBe(409);
      expect(
        (await call("DELETE", `/deleteUser/${chief.id}`, { cookie: chief.cookie })).status,
      ).toBe(409);
      expect(
        (await call("DELETE", "/deleteUser/no-such-user", { cookie: chief.cookie })).status,
      ).toBe(404);

      const temp = await signUp(ctx, { email: "temp@haat.test" });
      expect(await call("DELETE", `/deleteUser/${temp.id}`, { cookie: chief.cookie })).toEqual({
        status: 200,
        body: { deletedCount: 1 },
      });
      expect(await findUserByEmail(ctx.db, "temp@haat.test")).toBeNull();
      // The deleted user's session no longer authenticates.
      expect((await call("GET", "/customer/temp@haat.test", { cookie: temp.cookie })).status).toBe(
        401,
      );
      await ctx.db.update(user).set({ role: "customer" }).where(eq(user.id, chief.id));
    });

    it("lets a customer delete their own account", async () => {
      const me = await signUp(ctx, { email: "selfdelete@haat.test" });
      expect(await call("DELETE", `/deleteUser/${me.id}`, { cookie: me.cookie })).toEqual({
        status: 200,
        body: { deletedCount: 1 },
      });
      expect(await findUserByEmail(ctx.db, "selfdelete@haat.test")).toBeNull();
    });
  });

  describe("ADMIN_EMAILS", () => {
    it("makes a listed address admin once it is verified, never before", async () => {
      const before = await findUserByEmail(ctx.db, "boss@haat.test");
      expect(before?.role).toBe("customer");
      const mails = await outboxMessages(ctx);
      const mail = mails.find((m) => m.includes("To: boss@haat.test"));
      expect(mail).toBeDefined();
      const link = /https?:\/\/\S+verify-email\?token=[\w.-]+/.exec(
        (mail as string).replace(/=\r?\n/g, "").replace(/=3D/g, "="),
      )?.[0];
      expect(link).toBeDefined();
      const token = new URL(link as string).searchParams.get("token") as string;
      const customerToken = (
        await call("POST", "/jwt", { cookie: boss.cookie, body: { email: "boss@haat.test" } })
      ).body.token;
      const verified = await ctx.auth.api.verifyEmail({ query: { token }, returnHeaders: true });
      const after = await findUserByEmail(ctx.db, "boss@haat.test");
      expect(after?.emailVerified).toBe(true);
      expect(after?.role).toBe("admin");
      // The promotion ended the customer's session and token; the link signed in anew as admin.
      expect((await call("GET", "/users", { cookie: boss.cookie })).status).toBe(401);
      expect((await call("GET", "/users", { bearer: customerToken })).status).toBe(401);
      const adminCookie = verified.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      expect(await call("GET", "/users", { cookie: adminCookie })).toMatchObject({ status: 200 });
    });

    it("does not make unlisted addresses admin", async () => {
      expect((await findUserByEmail(ctx.db, "bob@haat.test"))?.role).toBe("customer");
    });
  });
});
