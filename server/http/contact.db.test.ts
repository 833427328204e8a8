import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { contactMessages } from "../db/schema";
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

  it("is described in the OpenAPI document", async () => {
    const res = await app.request("/api/openapi.json");
    const doc = await res.json();
    expect(doc.paths["/contact"].post.responses).toHaveProperty("201");
  });
});
