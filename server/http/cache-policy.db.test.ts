import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { cache } from "react-router-hono-server/middleware";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { signUpAdmin } from "../testing/accounts";
import { apiAccount } from "../testing/api-fixtures";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";
import {
  API_READ_CACHE_CONTROL,
  appCacheControl,
  GUEST_PAGE_CACHE_CONTROL,
  PRIVATE_NO_STORE,
  privateByDefault,
  SIGNED_IN_PAGE_CACHE_CONTROL,
} from "./http-cache";
import { pagePipeline } from "./page-pipeline";

/**
 * Issue 20 items 7 and 8, on the stack server/index.ts builds: its cache middleware in
 * `beforeAll`, react-router-hono-server's public files (its own `cache(3600)` and serveStatic)
 * in between, the server routes in `configure`, and a stand-in for React Router's pages.
 */
describeDb(`Cache-Control of private answers (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;
  let admin: { cookie: string; bearer: string; email: string };
  let publicDir: string;

  beforeAll(async () => {
    ctx = await openTestContext();
    publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-public-"));
    fs.writeFileSync(path.join(publicDir, "robots.txt"), "User-agent: *\n");
    const own = appCacheControl();
    app = new Hono<AppEnv>();
    // beforeAll, as in server/index.ts
    app.use(privateByDefault());
    app.use(own.restore);
    // What react-router-hono-server adds between beforeAll and configure.
    app.use("*", cache(3600), serveStatic({ root: path.relative(process.cwd(), publicDir) }));
    // configure
    app.use(own.record);
    mountServerRoutes(app, ctx);
    app.use(pagePipeline());
    // React Router: pages and their .data answers.
    app.all("*", (c) => {
      const p = c.req.path;
      if (p.endsWith(".data")) return c.body("[]", 200, { "Content-Type": "text/x-script" });
      if (p === "/dashboard/all-users") return c.html("<h1>Forbidden</h1>", 403);
      if (p === "/shop" || p === "/product/cotton.panjabi") return c.html("<h1>Shop</h1>");
      return c.html("<h1>Not found</h1>", 404);
    });
    const signed = await signUpAdmin(ctx, { email: "boss@haat.test" });
    const account = await apiAccount(
      ctx,
      (p, init) => app.request(p, init),
      "boss@haat.test",
      async () => signed,
    );
    admin = { cookie: signed.cookie, bearer: account.bearer, email: "boss@haat.test" };
  });
  afterAll(async () => {
    await ctx?.close();
    if (publicDir) fs.rmSync(publicDir, { recursive: true, force: true });
  });

  const credentials = (): Record<string, string>[] => [
    { cookie: admin.cookie },
    { authorization: admin.bearer },
  ];
  const get = async (p: string, headers: Record<string, string> = {}) => {
    const res = await app.request(p, { headers });
    return { status: res.status, cacheControl: res.headers.get("Cache-Control") };
  };

  it("sends the role answers private, no-store (not public for an hour)", async () => {
    for (const p of [`/api/admin/${admin.email}`, `/api/customer/${admin.email}`]) {
      for (const auth of credentials()) {
        const res = await get(p, auth);
        expect(res.status, p).toBe(200);
        expect(res.cacheControl, p).toBe(PRIVATE_NO_STORE);
      }
    }
  });

  it("sends every private API answer private, no-store, with a cookie or a bearer token", async () => {
    const paths = [
      "/api/orders",
      `/api/order?email=${admin.email}`,
      "/api/users",
      "/api/auth/get-session",
      "/api/auth/list-sessions",
    ];
    for (const p of paths) {
      for (const auth of credentials()) {
        if (p.startsWith("/api/auth/") && auth.authorization) continue;
        const res = await get(p, auth);
        expect(res.status, p).toBe(200);
        expect(res.cacheControl, `${p} ${Object.keys(auth)[0]}`).toBe(PRIVATE_NO_STORE);
      }
    }
    // Refusals too: they say who is (not) signed in.
    expect((await get("/api/orders")).cacheControl).toBe(PRIVATE_NO_STORE);
  });

  it("sends .data answers and a signed-in user's 403 and 404 pages private, no-store", async () => {
    const cookie = { cookie: admin.cookie };
    expect((await get("/dashboard/my-orders.data", cookie)).cacheControl).toBe(PRIVATE_NO_STORE);
    expect((await get("/shop.data")).cacheControl).toBe(PRIVATE_NO_STORE);
    const forbidden = await get("/dashboard/all-users", cookie);
    expect([forbidden.status, forbidden.cacheControl]).toEqual([403, PRIVATE_NO_STORE]);
    const missing = await get("/no-such-page.html", cookie);
    expect([missing.status, missing.cacheControl]).toEqual([404, PRIVATE_NO_STORE]);
  });

  it("keeps the caching that answers chose: catalogue, pages, real files", async () => {
    expect((await get("/api/products")).cacheControl).toBe(API_READ_CACHE_CONTROL);
    expect((await get("/api/products", { cookie: admin.cookie })).cacheControl).toBe(
      API_READ_CACHE_CONTROL,
    );
    expect((await get("/shop")).cacheControl).toBe(GUEST_PAGE_CACHE_CONTROL);
    // A page whose path ends like a file name is still a page.
    expect((await get("/product/cotton.panjabi")).cacheControl).toBe(GUEST_PAGE_CACHE_CONTROL);
    expect((await get("/shop", { cookie: admin.cookie })).cacheControl).toBe(
      SIGNED_IN_PAGE_CACHE_CONTROL,
    );
    const file = await get("/robots.txt", { cookie: admin.cookie });
    expect([file.status, file.cacheControl]).toEqual([200, "public, max-age=3600"]);
  });
});

describe("privateByDefault without a database", () => {
  it("leaves a guest's answer outside the API alone", async () => {
    const app = new Hono();
    app.use(privateByDefault());
    app.get("/about", (c) => c.text("about"));
    expect((await app.request("/about")).headers.get("Cache-Control")).toBeNull();
  });
});
