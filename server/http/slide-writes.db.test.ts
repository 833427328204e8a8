import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SLIDE_CHANGED_MESSAGE } from "~/core/schemas";
import { MEDIA_MISSING_MESSAGE } from "~/core/schemas/common";
import type { AppContext } from "../app-context";
import type { CatalogueChange } from "../catalogue/events";
import { slides, user } from "../db/schema";
import { mediaKeyFromUrl } from "../media/storage";
import { MAX_SLIDES } from "../services/slides";
import { signUp } from "../testing/accounts";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

describeDb(`slide writes API (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;
  let admin: string;
  let customer: string;
  const changes: CatalogueChange[] = [];

  const call = async (
    method: string,
    path: string,
    options: { cookie?: string; body?: unknown; raw?: string } = {},
  ) => {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    const body =
      options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await app.request(`/api${path}`, { method, headers, body });
    return { status: res.status, body: await res.json() };
  };
  const storeImage = () => ctx.media.put(randomBytes(64), ".webp");
  const isStored = async (url: string) =>
    (await ctx.media.read(mediaKeyFromUrl(url) as string)) !== undefined;
  const slideCount = () => ctx.db.$count(slides);

  beforeAll(async () => {
    ctx = await openTestContext();
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    ctx.catalogueEvents.subscribe((change) => changes.push(change));
    const boss = await signUp(ctx, { name: "Boss", email: "boss@haat.test" });
    await ctx.db.update(user).set({ role: "admin" }).where(eq(user.id, boss.id));
    admin = boss.cookie;
    customer = (await signUp(ctx, { name: "Rina", email: "rina@haat.test" })).cookie;
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => {
    changes.length = 0;
  });

  it("describes the write routes in the OpenAPI document", async () => {
    const doc = await (await app.request("/api/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/postSlider", "/updateSlider/{id}", "/deleteSlider/{id}"]),
    );
  });

  it("answers 401 anonymous and 403 customer on every write, storing nothing", async () => {
    for (const [method, path] of [
      ["POST", "/postSlider"],
      ["PUT", "/updateSlider/some-id"],
      ["DELETE", "/deleteSlider/some-id"],
    ] as const) {
      const anonymous = await call(method, path, { body: { image: "nope" } });
      const asCustomer = await call(method, path, {
        cookie: customer,
        body: { image: "https://images.example/a.webp" },
      });
      expect({ method, statuses: [anonymous.status, asCustomer.status] }).toEqual({
        method,
        statuses: [401, 403],
      });
    }
    expect(await slideCount()).toBe(0);
  });

  describe("bad bodies answer 400 with field issues and store nothing", () => {
    const cases: [string, unknown, string][] = [
      ["no image", { title: "Eid" }, "image"],
      [
        "an image that is neither stored nor http(s)",
        { image: "data:image/png;base64,AAA" },
        "image",
      ],
      ["a relative path outside the media store", { image: "/etc/passwd" }, "image"],
      [
        "a /media/ file the store does not hold",
        { image: "/media/bb/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp" },
        "image",
      ],
      [
        "a title over 120 characters",
        { image: "https://i.example/a.webp", title: "x".repeat(121) },
        "title",
      ],
    ];
    for (const [what, body, path] of cases) {
      it(what, async () => {
        const res = await call("POST", "/postSlider", { cookie: admin, body });
        expect(res.status).toBe(400);
        expect(res.body.error.issues.map((i: { path: string }) => i.path)).toContain(path);
        expect(await slideCount()).toBe(0);
        expect(changes).toEqual([]);
      });
    }

    it("a body that is not JSON", async () => {
      const res = await call("POST", "/postSlider", { cookie: admin, raw: "image=x" });
      expect(res.status).toBe(400);
      expect(await slideCount()).toBe(0);
    });
  });

  it("adds, replaces and deletes a slide; the slider keeps its order", async () => {
    const [first, second, replacement] = [
      await storeImage(),
      await storeImage(),
      await storeImage(),
    ];
    const a = await call("POST", "/postSlider", {
      cookie: admin,
      body: { image: first, title: "Winter sale", time: "2001-01-01T00:00:00.000Z" },
    });
    const b = await call("POST", "/postSlider", { cookie: admin, body: { image: second } });
    expect([a.status, b.status]).toEqual([201, 201]);
    const [idA, idB] = [a.body.insertedId as string, b.body.insertedId as string];
    expect(changes).toEqual([
      { kind: "slide", id: idA },
      { kind: "slide", id: idB },
    ]);
    const added = (await call("GET", `/getSlider/${idA}`)).body;
    expect(added).toMatchObject({ _id: idA, image: first, title: "Winter sale" });
    // The server sets the time; the client's is ignored.
    expect(Date.now() - Date.parse(added.time)).toBeLessThan(60_000);

    changes.length = 0;
    // The spec's client sends {image, time}: the title (alt text) stays.
    const updated = await call("PUT", `/updateSlider/${idA}`, {
      cookie: admin,
      body: { image: replacement, time: new Date().toISOString() },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      modifiedCount: 1,
      data: { _id: idA, image: replacement, title: "Winter sale" },
    });
    expect(Date.parse(updated.body.data.time)).toBeGreaterThanOrEqual(Date.parse(added.time));
    expect(changes).toEqual([{ kind: "slide", id: idA }]);
    expect(await isStored(first)).toBe(false);
    expect(await isStored(replacement)).toBe(true);
    const list = (await call("GET", "/getSliders")).body.map((s: { _id: string }) => s._id);
    expect(list).toEqual([idA, idB]);

    const retitled = await call("PUT", `/updateSlider/${idA}`, {
      cookie: admin,
      body: { image: replacement, title: "Eid sale" },
    });
    expect(retitled.body.data.title).toBe("Eid sale");
    expect(await isStored(replacement)).toBe(true);

    changes.length = 0;
    const deleted = await call("DELETE", `/deleteSlider/${idA}`, { cookie: admin });
    expect(deleted).toEqual({ status: 200, body: { deletedCount: 1 } });
    expect(changes).toEqual([{ kind: "slide", id: idA }]);
    expect((await call("GET", `/getSlider/${idA}`)).status).toBe(404);
    expect(await isStored(replacement)).toBe(false);
    await call("DELETE", `/deleteSlider/${idB}`, { cookie: admin });
  });

  it("an update sent with an older updatedAt answers 409 and keeps the other admin's image", async () => {
    const [first, second, third] = [await storeImage(), await storeImage(), await storeImage()];
    const added = await call("POST", "/postSlider", { cookie: admin, body: { image: first } });
    const id = added.body.insertedId as string;
    const read = (await call("GET", `/getSlider/${id}`)).body;
    const saved = await call("PUT", `/updateSlider/${id}`, {
      cookie: admin,
      body: { image: second, updatedAt: read.updatedAt },
    });
    expect(saved.status).toBe(200);
    changes.length = 0;
    const late = await call("PUT", `/updateSlider/${id}`, {
      cookie: admin,
      body: { image: third, updatedAt: read.updatedAt },
    });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({
      code: "conflict",
      issues: [{ path: "updatedAt", message: SLIDE_CHANGED_MESSAGE }],
      updatedAt: saved.body.data.updatedAt,
    });
    expect((await call("GET", `/getSlider/${id}`)).body).toMatchObject({ image: second });
    expect(await isStored(second)).toBe(true);
    expect(changes).toEqual([]);
    await call("DELETE", `/deleteSlider/${id}`, { cookie: admin });
  });

  it("an update to a /media/ file the store does not hold is refused; keeping a lost one is not", async () => {
    const [first, lost] = [await storeImage(), await storeImage()];
    const added = await call("POST", "/postSlider", { cookie: admin, body: { image: lost } });
    const id = added.body.insertedId as string;
    await ctx.media.remove(mediaKeyFromUrl(lost) as string);
    changes.length = 0;
    const missing = await call("PUT", `/updateSlider/${id}`, {
      cookie: admin,
      body: { image: "/media/cc/cccccccccccccccccccccccccccccccc.webp" },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.issues).toEqual([{ path: "image", message: MEDIA_MISSING_MESSAGE }]);
    expect((await call("GET", `/getSlider/${id}`)).body).toMatchObject({ image: lost });
    expect(changes).toEqual([]);
    const retitled = await call("PUT", `/updateSlider/${id}`, {
      cookie: admin,
      body: { image: lost, title: "Eid, the same picture" },
    });
    expect(retitled.status).toBe(200);
    const mended = await call("PUT", `/updateSlider/${id}`, {
      cookie: admin,
      body: { image: first },
    });
    expect(mended.status).toBe(200);
    await call("DELETE", `/deleteSlider/${id}`, { cookie: admin });
  });

  it("deleting a slide keeps an image a product uses", async () => {
    const shared = await storeImage();
    const product = await call("POST", "/postProduct", {
      cookie: admin,
      body: {
        name: "Shared image bag",
        category: "Bag Items",
        subCategory: "Backpack",
        productType: "Best Selling",
        originalPrice: 900,
        images: [shared],
      },
    });
    expect(product.status).toBe(201);
    const slide = await call("POST", "/postSlider", { cookie: admin, body: { image: shared } });
    await call("DELETE", `/deleteSlider/${slide.body.insertedId}`, { cookie: admin });
    expect(await isStored(shared)).toBe(true);
  });

  it("answers 404 for unknown ids and changes nothing", async () => {
    const update = await call("PUT", "/updateSlider/no-such-slide", {
      cookie: admin,
      body: { image: "https://images.example/a.webp" },
    });
    expect(update.status).toBe(404);
    expect(update.body.error.message).toBe("Slide not found");
    expect((await call("DELETE", "/deleteSlider/no-such-slide", { cookie: admin })).status).toBe(
      404,
    );
    expect(changes).toEqual([]);
  });

  it(`refuses a slide beyond ${MAX_SLIDES} with 409`, async () => {
    const now = new Date();
    const existing = await slideCount();
    await ctx.db.insert(slides).values(
      Array.from({ length: MAX_SLIDES - existing }, (_, i) => ({
        id: `filler-${i}`,
        image: "https://images.example/filler.webp",
        time: now,
      })),
    );
    const res = await call("POST", "/postSlider", {
      cookie: admin,
      body: { image: "https://images.example/one-too-many.webp" },
    });
    expect(res.status).toBe(409);
    expect(await slideCount()).toBe(MAX_SLIDES);
  });
});
