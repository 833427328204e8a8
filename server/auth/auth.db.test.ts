import { Hono } from "hono";
import { expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { mountServerRoutes } from "../http/api";
import type { AppEnv } from "../http/env";
import { findUserByEmail } from "../services/users";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";

async function withApp(
  env: Record<string, string>,
  run: (app: Hono<AppEnv>, ctx: AppContext) => Promise<void>,
) {
  const ctx = await openTestContext(env);
  try {
    const app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    await run(app, ctx);
  } finally {
    await ctx.close();
  }
}

const post = (app: Hono<AppEnv>, path: string, body: unknown, origin = "http://localhost:3000") =>
  app.request(`/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(body),
  });

describeDb(`Better Auth setup (${TEST_DB})`, () => {
  it("signs up a customer with an HttpOnly, SameSite=Lax session cookie (not Secure over http)", async () => {
    await withApp({}, async (app, ctx) => {
      const res = await post(app, "/sign-up/email", {
        name: "Rina",
        email: "rina@haat.test",
        password: "a-long-test-password",
      });
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token"));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/Secure/i);
      expect((await findUserByEmail(ctx.db, "rina@haat.test"))?.role).toBe("customer");
    });
  });

  it("marks cookies Secure when the shop is served over https", async () => {
    await withApp({ PUBLIC_URL: "https://shop.example.com" }, async (app) => {
      const res = await post(
        app,
        "/sign-up/email",
        { name: "Sumi", email: "sumi@haat.test", password: "a-long-test-password" },
        "https://shop.example.com",
      );
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token"));
      expect(cookie).toMatch(/^__Secure-/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
    });
  });

  it("ignores a role sent at sign-up", async () => {
    await withApp({}, async (app, ctx) => {
      const res = await post(app, "/sign-up/email", {
        name: "Mallory",
        email: "mallory@haat.test",
        password: "a-long-test-password",
        role: "admin",
      });
      expect(res.status).toBe(200);
      expect((await res.json()).user.role).toBe("customer");
      expect((await findUserByEmail(ctx.db, "mallory@haat.test"))?.role).toBe("customer");
    });
  });

  it("rate-limits sign-in attempts per client when AUTH_RATE_LIMIT=on (the older name of RATE_LIMIT)", async () => {
    await withApp({ AUTH_RATE_LIMIT: "on" }, async (app) => {
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        // One email each: one email alone is limited sooner (server/http/rate-limits.db.test.ts).
        const res = await post(app, "/sign-in/email", {
          email: `nobody${i}@haat.test`,
          password: "wrong-password-123",
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(20)).toEqual([429, 429]);
    });
  });

  it("does not rate-limit under NODE_ENV=test unless asked", async () => {
    await withApp({}, async (app) => {
      for (let i = 0; i < 22; i++) {
        const res = await post(app, "/sign-in/email", {
          email: "nobody@haat.test",
          password: "wrong-password-123",
        });
        expect(res.status).toBe(401);
      }
    });
  });
});
