import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { slides } from "../db/schema";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

describeDb(`slides API (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;

  const get = async (path: string) => {
    const res = await app.request(path);
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    ctx = await openTestContext();
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
  });
  afterAll(async () => ctx?.close());

  it("answers an empty list before any slide is added", async () => {
    const { status, body } = await get("/api/getSliders");
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });

  it("lists slides in the order they were added, in the spec's shape", async () => {
    await ctx.db.insert(slides).values([
      {
        id: "slide-b",
        image: "/media/bb/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp",
        title: "Eid offers",
        time: new Date("2026-02-02T10:00:00.000Z"),
      },
      {
        id: "slide-a",
        image: "https://images.example/first.webp",
        title: "Winter sale",
        time: new Date("2026-01-01T10:00:00.000Z"),
      },
    ]);
    // Written behind the API's back: announce it as the slide write routes do.
    await ctx.catalogueEvents.publish({ kind: "slide", id: "slide-a" });
    const { status, body } = await get("/api/getSliders");
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        _id: "slide-a",
        image: "https://images.example/first.webp",
        title: "Winter sale",
        time: "2026-01-01T10:00:00.000Z",
        updatedAt: expect.any(String),
      },
      {
        _id: "slide-b",
        image: "/media/bb/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp",
        title: "Eid offers",
        time: "2026-02-02T10:00:00.000Z",
        updatedAt: expect.any(String),
      },
    ]);
    expect(Date.parse(body[0].updatedAt)).not.toBeNaN();
  });

  it("returns one slide by id and a JSON 404 for an unknown id", async () => {
    const found = await get("/api/getSlider/slide-b");
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ _id: "slide-b", title: "Eid offers" });
    const missing = await get("/api/getSlider/no-such-slide");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: "not_found", message: "Slide not found" });
  });

  it("answers 400 for an id that is too long", async () => {
    const { status, body } = await get(`/api/getSlider/${"x".repeat(65)}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe("invalid");
  });

  it("describes both routes in /api/openapi.json", async () => {
    const { body } = await get("/api/openapi.json");
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(["/getSliders", "/getSlider/{id}"]),
    );
    expect(body.components.schemas.Slide.required).toEqual(
      expect.arrayContaining(["_id", "image", "title", "time"]),
    );
  });
});
