import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { contactMessages, user } from "../db/schema";
import { createContactMessage } from "../services/contact";
import { signUp } from "../testing/accounts";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

const valid = {
  name: "Rahim Uddin",
  email: "rahim@example.com",
  phoneNumber: "01712345678",
  subject: "Delivery to Sylhet",
  description: "How many days does delivery to Sylhet take?",
};

describeDb(`contact API (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;

  const post = async (body: unknown) => {
    const res = await app.request("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    ctx = await openTestContext();
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
  });
  afterAll(async () => ctx?.close());

  it("stores a message and answers 201 with its id", async () => {
    const { status, body } = await post({ ...valid, name: "  Rahim Uddin  " });
    expect(status).toBe(201);
    expect(body).toEqual({ insertedId: expect.any(String) });
    const rows = await ctx.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...valid, id: body.insertedId, readAt: null });
  });

  it("answers 400 with the spec's message per missing field and stores nothing", async () => {
    const before = await ctx.db.$count(contactMessages);
    const { status, body } = await post({ email: "rahim@example.com", name: "" });
    expect(status).toBe(400);
    expect(body.error.code).toBe("invalid");
    expect(body.error.issues).toEqual(
      expect.arrayContaining([
        { path: "name", message: "Name is required" },
        { path: "phoneNumber", message: "Phone Number is required" },
        { path: "subject", message: "Subject is required" },
        { path: "description", message: "Description is required" },
      ]),
    );
    const bad = await post({ ...valid, email: "not-an-email" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues).toEqual([
      { path: "email", message: "Enter a valid email address" },
    ]);
    const tooLong = await post({ ...valid, description: "x".repeat(5001) });
    expect(tooLong.status).toBe(400);
    const notJson = await post("{");
    expect(notJson.status).toBe(400);
    expect(await ctx.db.$count(contactMessages)).toBe(before);
  });

  it("lets admins page through messages and mark them read; nobody else", async () => {
    // Distinct times, so "newest first" has one right answer.
    for (let i = 0; i < 3; i++) {
      await createContactMessage(
        ctx.db,
        { ...valid, subject: `Question ${i}` },
        new Date(Date.now() + (i + 1) * 1000),
      );
    }
    const admin = await signUp(ctx, { name: "Admin", email: "admin@haat.test" });
    await ctx.db.update(user).set({ role: "admin" }).where(eq(user.id, admin.id));
    const customer = await signUp(ctx, { name: "Rahim", email: "rahim@haat.test" });
    const get = async (path: string, cookie?: string, init: RequestInit = {}) => {
      const res = await app.request(`/api${path}`, {
        ...init,
        headers: { ...(cookie ? { cookie } : {}), "content-type": "application/json" },
      });
      return { status: res.status, body: await res.json() };
    };
    expect((await get("/contactMessages")).status).toBe(401);
    expect((await get("/contactMessages", customer.cookie)).status).toBe(403);

    const total = await ctx.db.$count(contactMessages);
    const first = await get("/contactMessages?limit=2", admin.cookie);
    expect(first.status).toBe(200);
    expect(first.body.data.map((m: { subject: string }) => m.subject)).toEqual([
      "Question 2",
      "Question 1",
    ]);
    expect(first.body.unread).toBe(total);
    const rest = await get(
      `/contactMessages?limit=500&cursor=${first.body.nextCursor}`,
      admin.cookie,
    );
    expect(first.body.data.length + rest.body.data.length).toBe(total);
    expect(rest.body.nextCursor).toBeNull();

    const id = first.body.data[0]._id;
    const patch = (body: unknown, cookie = admin.cookie) =>
      get(`/contactMessages/${id}`, cookie, { method: "PATCH", body: JSON.stringify(body) });
    expect((await patch({ read: true }, customer.cookie)).status).toBe(403);
    const read = await patch({ read: true });
    expect(read.status).toBe(200);
    expect(read.body.data.readAt).toEqual(expect.any(String));
    expect((await get("/contactMessages", admin.cookie)).body.unread).toBe(total - 1);
    expect((await patch({ read: "yes" })).status).toBe(400);
    expect(
      (await get("/contactMessages/nope", admin.cookie, { method: "PATCH", body: '{"read":true}' }))
        .status,
    ).toBe(404);
    expect((await get("/contactMessages?cursor=bm9wZQ", admin.cookie)).status).toBe(400);
  });

  it("is described in the OpenAPI document", async () => {
    const res = await app.request("/api/openapi.json");
    const doc = await res.json();
    expect(doc.paths["/contact"].post.responses).toHaveProperty("201");
  });
});
