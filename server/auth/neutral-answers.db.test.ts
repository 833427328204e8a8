import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { mountServerRoutes } from "../http/api";
import type { AppEnv } from "../http/env";
import type { Mailer, MailMessage } from "../mail/mailer";
import { findUserByEmail } from "../services/users";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";

/**
 * Issue 20 item 10: the answers to sign-up and to a password-reset request do not tell whether
 * an address has an account, neither by what they say nor by how long they take (mail is sent
 * after the answer).
 */

const ORIGIN = "http://localhost:3000";
const PASSWORD = "a-long-test-password";

/** A mailer whose every send waits until `release()`; what it was given is kept. */
function blockingMailer() {
  const sent: MailMessage[] = [];
  const waiting: MailMessage[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const mailer: Mailer = {
    kind: "outbox",
    async send(message) {
      waiting.push(message);
      await released;
      sent.push(message);
    },
    close() {},
  };
  return { mailer, sent, waiting, release };
}

/** The answer if it comes within `ms`, else "no answer". */
async function within<T>(ms: number, answer: T | Promise<T>): Promise<T | "no answer"> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"no answer">((resolve) => {
    timer = setTimeout(() => resolve("no answer"), ms);
  });
  try {
    return await Promise.race([Promise.resolve(answer), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Keys and value types, recursively: what a client can tell apart without reading values. */
function shapeOf(value: unknown): unknown {
  if (value === null) return "null";
  if (Array.isArray(value)) return value.map(shapeOf);
  if (typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shapeOf(v)]),
    );
  }
  return typeof value;
}

describeDb(`neutral answers for existing and new addresses (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;
  let mail: ReturnType<typeof blockingMailer>;

  const post = (path: string, body: unknown) =>
    app.request(`/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    mail = blockingMailer();
    // Limits on: the owner's notice is sent at most once per 10 minutes.
    ctx = await openTestContext({ RATE_LIMIT: "on" }, { mailer: mail.mailer });
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
  });
  afterAll(async () => {
    mail?.release();
    await ctx?.close();
  });

  it("sign-up: a taken email gets the same status and shape as a new one, and no account or session", async () => {
    const email = `taken-${TEST_DB}@haat.test`;
    // The new account's verification mail is still blocked when sign-up answers.
    const fresh = await within(
      5000,
      post("/sign-up/email", { name: "Rina", email, password: PASSWORD }),
    );
    expect(fresh).not.toBe("no answer");
    const first = fresh as Response;
    expect(first.status).toBe(200);
    expect(mail.waiting.map((m) => m.to)).toContain(email);
    const firstBody = await first.json();

    const again = await within(
      5000,
      post("/sign-up/email", {
        name: "Someone Else",
        email: email.toUpperCase(),
        password: "another-password-1",
      }),
    );
    expect(again).not.toBe("no answer");
    const second = again as Response;
    expect(second.status).toBe(200);
    const secondBody = await second.json();
    expect(Object.keys(secondBody).sort()).toEqual(Object.keys(firstBody).sort());
    expect(shapeOf(secondBody.user)).toEqual(shapeOf(firstBody.user));
    expect(secondBody.user.email).toBe(email);
    expect(secondBody.user.id).not.toBe(firstBody.user.id);
    expect(secondBody).not.toHaveProperty("message");
    expect(secondBody).not.toHaveProperty("code");

    // Nothing changed for the real owner: no session for the caller, same name, same password.
    expect(second.headers.getSetCookie().some((c) => c.includes("session_token"))).toBe(false);
    expect((await findUserByEmail(ctx.db, email))?.name).toBe("Rina");
    expect((await post("/sign-in/email", { email, password: "another-password-1" })).status).toBe(
      401,
    );
    expect((await post("/sign-in/email", { email, password: PASSWORD })).status).toBe(200);

    // The owner hears about it by mail, once however often it is tried.
    await post("/sign-up/email", { name: "Third", email, password: "yet-another-pass-1" });
    mail.release();
    await ctx.background.idle();
    const toOwner = mail.sent.filter((m) => m.to === email).map((m) => m.subject);
    expect(toOwner.filter((s) => s.startsWith("Confirm your email"))).toHaveLength(1);
    expect(toOwner.filter((s) => s.startsWith("You already have"))).toHaveLength(1);
  });
});

describeDb(`password-reset requests answer before any mail is sent (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;
  let mail: ReturnType<typeof blockingMailer>;

  beforeAll(async () => {
    mail = blockingMailer();
    ctx = await openTestContext({}, { mailer: mail.mailer });
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
  });
  afterAll(async () => {
    mail?.release();
    await ctx?.close();
  });

  const ask = (email: string) =>
    app.request("/api/auth/request-password-reset", {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: JSON.stringify({ email, redirectTo: "/authentication/reset-password" }),
    });

  it("answers the same for an existing and a missing address while the mail is held back", async () => {
    const email = `owner-${TEST_DB}@haat.test`;
    const signedUp = await within(
      5000,
      ctx.auth.api.signUpEmail({ body: { name: "Owner", email, password: PASSWORD } }),
    );
    expect(signedUp).not.toBe("no answer");

    const existing = await within(5000, ask(email));
    const missing = await within(5000, ask(`nobody-${TEST_DB}@haat.test`));
    expect(existing).not.toBe("no answer");
    expect(missing).not.toBe("no answer");
    const [a, b] = [existing as Response, missing as Response];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await a.json()).toEqual(await b.json());
    // The reset mail was handed over, and is still held by the mailer.
    expect(mail.waiting.some((m) => m.to === email && m.subject.startsWith("Reset"))).toBe(true);
    expect(mail.sent).toEqual([]);

    mail.release();
    await ctx.background.idle();
    expect(mail.sent.filter((m) => m.subject.startsWith("Reset")).map((m) => m.to)).toEqual([
      email,
    ]);
  });
});
