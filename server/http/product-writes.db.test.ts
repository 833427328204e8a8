import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { PRODUCT_CHANGED_MESSAGE } from "~/core/schemas";
import { MEDIA_MISSING_MESSAGE } from "~/core/schemas/common";
import { variantsOf } from "~/core/stock";
import type { AppContext } from "../app-context";
import type { CatalogueChange } from "../catalogue/events";
import { orderLines, products, user } from "../db/schema";
import { mediaKeyFromUrl } from "../media/storage";
import { signUp } from "../testing/accounts";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

const validProduct = {
  name: "Cotton Panjabi for Eid",
  description: "Fabric: Cotton\nComfortable all day.",
  videoLink: "https://www.youtube.com/watch?v=abc",
  category: "Men Items",
  subCategory: "Panjabi",
  productType: "New Arrivals",
  sizes: ["M", "L"],
  colors: ["White", "Black"],
  images: [] as string[],
  originalPrice: 2500,
  offerPrice: 1990,
  ratings: 4.5,
  reviews: 12,
  createdAt: "2020-01-01T00:00:00.000Z",
};

describeDb(`product writes API (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;
  let admin: string;
  let customer: string;
  const changes: CatalogueChange[] = [];

  const call = async (
    method: string,
    path: string,
    options: { cookie?: string; body?: unknown; raw?: string; type?: string } = {},
  ) => {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    const body =
      options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (body !== undefined) headers["content-type"] = options.type ?? "application/json";
    const res = await app.request(`/api${path}`, { method, headers, body });
    return { status: res.status, body: await res.json() };
  };

  /** A stored image, as POST /api/images would leave it. */
  const storeImage = () => ctx.media.put(randomBytes(64), ".webp");
  const isStored = async (url: string) =>
    (await ctx.media.read(mediaKeyFromUrl(url) as string)) !== undefined;
  const productCount = () => ctx.db.$count(products);

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
    const res = await app.request("/api/openapi.json");
    const doc = await res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/postProduct", "/updateProduct/{id}", "/deleteProduct/{id}"]),
    );
    expect(Object.keys(doc.paths["/updateProduct/{id}"])).toEqual(["patch"]);
  });

  describe("who may write", () => {
    const routes = [
      ["POST", "/postProduct"],
      ["PATCH", "/updateProduct/some-id"],
      ["DELETE", "/deleteProduct/some-id"],
    ] as const;

    it("answers 401 to an anonymous caller, even with a bad body, and stores nothing", async () => {
      for (const [method, path] of routes) {
        const res = await call(method, path, { body: { name: "" } });
        expect({ method, status: res.status, code: res.body.error.code }).toEqual({
          method,
          status: 401,
          code: "unauthorized",
        });
      }
      expect(await productCount()).toBe(0);
    });

    it("answers 403 to a customer and stores nothing", async () => {
      for (const [method, path] of routes) {
        const res = await call(method, path, { cookie: customer, body: validProduct });
        expect({ method, status: res.status, code: res.body.error.code }).toEqual({
          method,
          status: 403,
          code: "forbidden",
        });
      }
      expect(await productCount()).toBe(0);
    });
  });

  describe("bad bodies answer 400 with field issues and store nothing", () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ["unknown category", { category: "Toys" }, "category"],
      ["sub-category of another category", { subCategory: "Saree" }, "subCategory"],
      ["offer above the original price", { offerPrice: 3000 }, "offerPrice"],
      ["ratings 6", { ratings: 6 }, "ratings"],
      ["ratings with two decimals", { ratings: 4.25 }, "ratings"],
      [
        "five images",
        { images: Array.from({ length: 5 }, (_, i) => `/media/x${i}.webp`) },
        "images",
      ],
      [
        "an image that is neither stored nor http(s)",
        { images: ["javascript:alert(1)"] },
        "images.0",
      ],
      ["a bad video link", { videoLink: "ftp://videos.example/a.mp4" }, "videoLink"],
      ["an empty name", { name: "  " }, "name"],
      ["a fractional price", { originalPrice: 99.5 }, "originalPrice"],
      ["an unknown size", { sizes: ["XXXXL"] }, "sizes.0"],
      ["an unknown colour", { colors: ["Beige"] }, "colors.0"],
    ];
    for (const [what, change, path] of cases) {
      it(what, async () => {
        const res = await call("POST", "/postProduct", {
          cookie: admin,
          body: { ...validProduct, ...change },
        });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe("invalid");
        expect(res.body.error.issues.map((i: { path: string }) => i.path)).toContain(path);
        expect(await productCount()).toBe(0);
        expect(changes).toEqual([]);
      });
    }

    it("a body that is not JSON (400) or not sent as JSON (415)", async () => {
      const malformed = await call("POST", "/postProduct", { cookie: admin, raw: "{name:" });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.code).toBe("invalid");
      const plain = await call("POST", "/postProduct", {
        cookie: admin,
        raw: JSON.stringify(validProduct),
        type: "text/plain",
      });
      expect(plain.status).toBe(415);
      expect(await productCount()).toBe(0);
    });

    it("a body over 64 KB answers 413", async () => {
      const res = await call("POST", "/postProduct", {
        cookie: admin,
        body: { ...validProduct, description: "x".repeat(70_000) },
      });
      expect(res.status).toBe(413);
      expect(await productCount()).toBe(0);
    });
  });

  it("adds, changes and deletes a product, visible through GET /api/product/{id}", async () => {
    const [first, second] = [await storeImage(), await storeImage()];
    const added = await call("POST", "/postProduct", {
      cookie: admin,
      body: { ...validProduct, images: [first, second] },
    });
    expect(added.status).toBe(201);
    const id = added.body.insertedId as string;
    expect(id).toMatch(/^[\w-]{16}$/);
    expect(changes).toEqual([{ kind: "product", id }]);

    const stored = await call("GET", `/product/${id}`);
    expect(stored.status).toBe(200);
    const { _id, createdAt, updatedAt, ...fields } = stored.body.data;
    expect(updatedAt).toBe(createdAt);
    expect(fields).toEqual({
      ...validProduct,
      createdAt: undefined,
      images: [first, second],
      trackStock: false,
      stock: variantsOf(validProduct).map((v) => ({ ...v, quantity: 0 })),
    });
    // The server sets the time; the client's createdAt is ignored.
    expect(Date.now() - Date.parse(createdAt)).toBeLessThan(60_000);

    changes.length = 0;
    const updated = await call("PATCH", `/updateProduct/${id}`, {
      cookie: admin,
      body: { ...fields, originalPrice: 2200, offerPrice: null, videoLink: "", images: [second] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    expect(updated.body.data).toMatchObject({
      _id: id,
      originalPrice: 2200,
      offerPrice: null,
      videoLink: null,
      images: [second],
      createdAt,
    });
    expect(changes).toEqual([{ kind: "product", id }]);
    expect((await call("GET", `/product/${id}`)).body.data).toEqual(updated.body.data);
    // The image the update dropped is gone from storage; the kept one stays.
    expect(await isStored(first)).toBe(false);
    expect(await isStored(second)).toBe(true);

    changes.length = 0;
    const deleted = await call("DELETE", `/deleteProduct/${id}`, { cookie: admin });
    expect(deleted).toEqual({ status: 200, body: { deletedCount: 1 } });
    expect(changes).toEqual([{ kind: "product", id }]);
    expect((await call("GET", `/product/${id}`)).status).toBe(404);
    expect(await isStored(second)).toBe(false);
  });

  it("a partial update changes only the fields sent, and checks the merged product", async () => {
    const added = await call("POST", "/postProduct", { cookie: admin, body: validProduct });
    const id = added.body.insertedId as string;
    const renamed = await call("PATCH", `/updateProduct/${id}`, {
      cookie: admin,
      body: { name: "Silk Panjabi" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      name: "Silk Panjabi",
      originalPrice: 2500,
      offerPrice: 1990,
      videoLink: validProduct.videoLink,
    });

    changes.length = 0;
    // Alone the original price is fine, but it would fall below the stored offer price.
    const below = await call("PATCH", `/updateProduct/${id}`, {
      cookie: admin,
      body: { originalPrice: 1500 },
    });
    expect(below.status).toBe(400);
    expect(below.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["offerPrice"]);
    // A category whose lists do not hold the stored sub-category.
    const moved = await call("PATCH", `/updateProduct/${id}`, {
      cookie: admin,
      body: { category: "Kitchen Items" },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["subCategory"]);
    expect((await call("GET", `/product/${id}`)).body.data).toMatchObject({
      name: "Silk Panjabi",
      originalPrice: 2500,
      category: "Men Items",
    });
    expect(changes).toEqual([]);

    // Naming no field of the product changes nothing, not even its updatedAt.
    const { updatedAt } = (await call("GET", `/product/${id}`)).body.data;
    for (const body of [{}, { bogus: 1 }, { updatedAt }]) {
      const empty = await call("PATCH", `/updateProduct/${id}`, { cookie: admin, body });
      expect(empty.status, JSON.stringify(body)).toBe(400);
      expect(empty.body.error.message).toBe(
        "Nothing to change: send at least one of the product's fields",
      );
    }
    expect((await call("GET", `/product/${id}`)).body.data.updatedAt).toBe(updatedAt);
    expect(changes).toEqual([]);
    await call("DELETE", `/deleteProduct/${id}`, { cookie: admin });
  });

  it("an update sent with an older updatedAt answers 409 and changes nothing", async () => {
    const added = await call("POST", "/postProduct", { cookie: admin, body: validProduct });
    const id = added.body.insertedId as string;
    const read = (await call("GET", `/product/${id}`)).body.data;
    expect(Date.parse(read.updatedAt)).not.toBeNaN();

    // The whole product read back and sent again, changed: its updatedAt is the version it came from.
    const first = await call("PATCH", `/updateProduct/${id}`, {
      cookie: admin,
      body: { ...read, offerPrice: 1800 },
    });
    expect(first.status).toBe(200);
    expect(Date.parse(first.body.data.updatedAt)).toBeGreaterThan(Date.parse(read.updatedAt));
    changes.length = 0;

    const late = await call("PATCH", `/updateProduct/${id}`, {
      cookie: admin,
      body: { ...read, name: "Overwritten Panjabi" },
    });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({
      code: "conflict",
      message: PRODUCT_CHANGED_MESSAGE,
      issues: [{ path: "updatedAt", message: PRODUCT_CHANGED_MESSAGE }],
      updatedAt: first.body.data.updatedAt,
    });
    expect((await call("GET", `/product/${id}`)).body.data).toMatchObject({
      name: validProduct.name,
      offerPrice: 1800,
      updatedAt: first.body.data.updatedAt,
    });
    expect(changes).toEqual([]);

    // Not a date at all is a 400 on the field; no updatedAt keeps the old last-write semantics.
    const garbled = await call("PATCH", `/updateProduct/${id}`, {
      cookie: admin,
      body: { name: "Garbled", updatedAt: "yesterday" },
    });
    expect(garbled.status).toBe(400);
    expect(garbled.body.error.issues.map((i: { path: string }) => i.path)).toEqual(["updatedAt"]);
    const unconditional = await call("PATCH", `/updateProduct/${id}`, {
      cookie: admin,
      body: { name: "Renamed Without A Version" },
    });
    expect(unconditional.status).toBe(200);
    await call("DELETE", `/deleteProduct/${id}`, { cookie: admin });
  });

  it("a /media/ image the store does not hold is refused on the field; one kept by an edit is not", async () => {
    const never = "/media/ab/abababababababababababababababab.webp";
    const byHand = "/media/products/ab12.webp";
    const refused = await call("POST", "/postProduct", {
      cookie: admin,
      body: { ...validProduct, images: [await storeImage(), never, byHand] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: "invalid",
      message: MEDIA_MISSING_MESSAGE,
      issues: [
        { path: "images.1", message: MEDIA_MISSING_MESSAGE },
        { path: "images.2", message: MEDIA_MISSING_MESSAGE },
      ],
    });
    expect(await productCount()).toBe(0);
    expect(changes).toEqual([]);

    // Stored when the product was saved, removed from the store since (a bucket tidied by hand).
    const [kept, gone] = [await storeImage(), await storeImage()];
    const added = await call("POST", "/postProduct", {
      cookie: admin,
      body: { ...validProduct, images: [kept, gone] },
    });
    expect(added.status).toBe(201);
    const id = added.body.insertedId as string;
    await ctx.media.remove(mediaKeyFromUrl(gone) as string);
    const priceOnly = await call("PATCH", `/updateProduct/${id}`, {
      cookie: admin,
      body: { images: [kept, gone], offerPrice: 1800 },
    });
    expect(priceOnly.status).toBe(200);
    const swapped = await call("PATCH", `/updateProduct/${id}`, {
      cookie: admin,
      body: { images: [never] },
    });
    expect(swapped.status).toBe(400);
    expect(swapped.body.error.issues).toEqual([
      { path: "images.0", message: MEDIA_MISSING_MESSAGE },
    ]);
    expect((await call("GET", `/product/${id}`)).body.data.images).toEqual([kept, gone]);
    await call("DELETE", `/deleteProduct/${id}`, { cookie: admin });
  });

  it("a delete whose image removal fails still deletes and announces the product", async () => {
    const picture = await storeImage();
    const added = await call("POST", "/postProduct", {
      cookie: admin,
      body: { ...validProduct, images: [picture] },
    });
    const id = added.body.insertedId as string;
    changes.length = 0;
    const storageDown = vi.spyOn(ctx.media, "remove").mockRejectedValue(new Error("disk gone"));
    try {
      const deleted = await call("DELETE", `/deleteProduct/${id}`, { cookie: admin });
      expect(deleted).toEqual({ status: 200, body: { deletedCount: 1 } });
    } finally {
      storageDown.mockRestore();
    }
    expect(changes).toEqual([{ kind: "product", id }]);
    expect((await call("GET", `/product/${id}`)).status).toBe(404);
  });

  it("answers 404 for unknown ids and changes nothing", async () => {
    const update = await call("PATCH", "/updateProduct/no-such-product", {
      cookie: admin,
      body: validProduct,
    });
    expect(update.status).toBe(404);
    expect(update.body.error).toMatchObject({ code: "not_found", message: "Product not found" });
    const remove = await call("DELETE", "/deleteProduct/no-such-product", { cookie: admin });
    expect(remove.status).toBe(404);
    expect(changes).toEqual([]);
  });

  it("deleting a product keeps images another product or a slide still uses", async () => {
    const [own, sharedWithProduct, sharedWithSlide] = [
      await storeImage(),
      await storeImage(),
      await storeImage(),
    ];
    const doomed = await call("POST", "/postProduct", {
      cookie: admin,
      body: { ...validProduct, images: [own, sharedWithProduct, sharedWithSlide] },
    });
    const keeper = await call("POST", "/postProduct", {
      cookie: admin,
      body: { ...validProduct, name: "Keeper", images: [sharedWithProduct] },
    });
    const slide = await call("POST", "/postSlider", {
      cookie: admin,
      body: { image: sharedWithSlide, title: "Eid sale" },
    });
    expect([doomed.status, keeper.status, slide.status]).toEqual([201, 201, 201]);

    const deleted = await call("DELETE", `/deleteProduct/${doomed.body.insertedId}`, {
      cookie: admin,
    });
    expect(deleted.status).toBe(200);
    expect(await isStored(own)).toBe(false);
    expect(await isStored(sharedWithProduct)).toBe(true);
    expect(await isStored(sharedWithSlide)).toBe(true);
  });

  it("deleting a product keeps the lines of orders placed for it, and their picture", async () => {
    const picture = await storeImage();
    const added = await call("POST", "/postProduct", {
      cookie: admin,
      body: {
        ...validProduct,
        name: "Ordered Panjabi",
        offerPrice: null,
        originalPrice: 1000,
        images: [picture],
      },
    });
    const id = added.body.insertedId as string;
    const order = await call("POST", "/postOrder", {
      body: {
        date: "05 Mar, 2026",
        placedAt: new Date().toISOString(),
        time: "10:00 am",
        subTotal: 1000,
        total: 1060,
        orderStatus: "Pending",
        products: [
          {
            id,
            name: "Ordered Panjabi",
            imageUrl: picture,
            color: "White",
            size: "M",
            originalPrice: 1000,
            quantity: 1,
          },
        ],
        customerData: {
          name: "Rina",
          email: "rina@haat.test",
          mobileNumber: "01712345678",
          district: "ঢাকা",
          thana: "মিরপুর",
          address: "House 1, Road 2",
          comment: "",
          addressType: "Home",
          deliveryArea: "Inside Dhaka",
          paymentSystem: "Cash On Delivery",
          deliveryCharge: 60,
        },
      },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    expect((await call("DELETE", `/deleteProduct/${id}`, { cookie: admin })).status).toBe(200);
    const [line] = await ctx.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.body.insertedId));
    expect(line).toMatchObject({
      productId: id,
      name: "Ordered Panjabi",
      imageUrl: picture,
      unitPrice: 1000,
    });
    expect(await isStored(picture)).toBe(true);
  });
});
