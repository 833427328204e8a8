import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { contactMessages } from "../db/schema";
import { signUp } from "../testing/accounts";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

/** The shop's routes refuse writes from other sites before anything runs (decision 020). */
describeDb(`cross-site writes (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;
  let own: string;

  const contact = (subject: string, headers: Record<string, string>) =>
    app.request("http://127.0.0.1:4321/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({
        name: "Rahim Uddin",
        email: "rahim@example.com",
        phoneNumber: "01712345678",
        subject,
        description: "Hello",
      }),
    });
  const stored = async (subject: string) =>
    (await ctx.db.select().from(contactMessages).where(eq(contactMessages.subject, subject)))
      .length;

  beforeAll(async () => {
    ctx = await openTestContext();
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    own = new URL(ctx.config.publicUrl).origin;
  });
  afterAll(async () => ctx?.close());

  it("refuses a contact message posted from another site and stores nothing", async () => {
    const refused: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of refused) {
      const subject = `refused ${JSON.stringify(headers)}`;
      const res = await contact(subject, headers);
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe("cross_site");
      expect(await stored(subject)).toBe(0);
    }
  });

  it("accepts it from the shop's public origin, the addressed host and clients without Origin", async () => {
    const accepted: Record<string, string>[] = [
      { origin: own },
      { origin: "http://127.0.0.1:4321" },
      { "sec-fetch-site": "same-origin" },
      {},
    ];
    for (const headers of accepted) {
      const subject = `accepted ${JSON.stringify(headers)}`;
      expect((await contact(subject, headers)).status).toBe(201);
      expect(await stored(subject)).toBe(1);
    }
  });

  it("answers Better Auth's own POSTs from another site with the same refusal", async () => {
    const res = await app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ email: "nobody@haat.test", password: "a-long-test-password" }),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe("cross_site");
  });

  it("refuses a signed-in customer's cross-site profile change, which stays unchanged", async () => {
    const customer = await signUp(ctx, { name: "Mina", email: "mina-cross@haat.test" });
    const res = await app.request("/api/postUser", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: customer.cookie,
        origin: "https://evil.example",
      },
      body: JSON.stringify({ name: "Hacked", email: "mina-cross@haat.test" }),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe("cross_site");
    const session = await ctx.auth.api.getSession({
      headers: new Headers({ cookie: customer.cookie }),
    });
    expect(session?.user.name).toBe("Mina");
  });
});
