import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import { variantsOf } from "~/core/stock";
import type { AppContext } from "../app-context";
import { createProduct, type Product } from "../services/products";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

const base = {
  description: "Material: Canvas\nA sturdy bag.",
  sizes: [],
  colors: ["Black" as const],
  images: ["/media/ab/abababababababababababababababab.webp"],
  originalPrice: 1200,
  offerPrice: 990,
  ratings: 4.5,
  reviews: 12,
  productType: "New Arrivals" as const,
};

describeDb(`products API (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;
  const created: Product[] = [];

  const get = async (path: string) => {
    const res = await app.request(path);
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    ctx = await openTestContext();
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    const inputs = [
      { name: "Travel Backpack 40L", category: "Bag Items", subCategory: "Backpack" },
      { name: "Leather Office BAG", category: "Bag Items", subCategory: "Laptop Bag" },
      { name: "Non-stick Fry Pan", category: "Kitchen Items", subCategory: "Non Stick Pan" },
      { name: "100% Cotton_Towel", category: "Home and Living", subCategory: "Bed Sheet" },
    ];
    for (const [i, input] of inputs.entries()) {
      created.push(
        await createProduct(
          ctx.db,
          // biome-ignore lint/suspicious/noExplicitAny: sub-category names are checked by the schema tests
          { ...base, ...input } as any,
          new Date(Date.UTC(2026, 0, 1 + i)),
        ),
      );
    }
  });
  afterAll(async () => ctx?.close());

  it("lists products newest first in the spec's shape", async () => {
    const { status, body } = await get("/api/products");
    expect(status).toBe(200);
    expect(body.data.map((p: Product) => p.name)).toEqual([
      "100% Cotton_Towel",
      "Non-stick Fry Pan",
      "Leather Office BAG",
      "Travel Backpack 40L",
    ]);
    expect(Object.keys(body.data[0]).sort()).toEqual(
      [
        "_id",
        "name",
        "description",
        "videoLink",
        "category",
        "subCategory",
        "productType",
        "sizes",
        "colors",
        "images",
        "originalPrice",
        "offerPrice",
        "ratings",
        "reviews",
        "createdAt",
        "updatedAt",
        "trackStock",
        "stock",
      ].sort(),
    );
    expect(body.data[3]).toMatchObject({
      category: "Bag Items",
      originalPrice: 1200,
      offerPrice: 990,
      ratings: 4.5,
      colors: ["Black"],
      createdAt: "2026-01-01T00:00:00.000Z",
    });
  });

  it("filters by category, sub-category (any case) and product type", async () => {
    const bags = await get("/api/products?category=Bag%20Items");
    expect(bags.body.data.map((p: Product) => p.category)).toEqual(["Bag Items", "Bag Items"]);
    const sub = await get("/api/products?subCategory=laptop%20bag");
    expect(sub.body.data.map((p: Product) => p.name)).toEqual(["Leather Office BAG"]);
    const type = await get("/api/products?productType=Best%20Selling");
    expect(type.body.data).toEqual([]);
    const home = await get("/api/products?category=Home%20%26%20Living");
    expect(home.body.data.map((p: Product) => p.name)).toEqual(["100% Cotton_Towel"]);
  });

  it("searches names as case-insensitive substrings, with LIKE characters taken literally", async () => {
    const bag = await get("/api/products?searchQuery=bAg");
    expect(bag.body.data.map((p: Product) => p.name)).toEqual(["Leather Office BAG"]);
    const percent = await get("/api/products?searchQuery=100%25");
    expect(percent.body.data.map((p: Product) => p.name)).toEqual(["100% Cotton_Towel"]);
    const underscore = await get("/api/products?searchQuery=e_t");
    expect(underscore.body.data).toEqual([]);
  });

  it("pages with limit and cursor without gaps or repeats", async () => {
    const first = await get("/api/products?limit=3");
    expect(first.body.data).toHaveLength(3);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await get(`/api/products?limit=3&cursor=${first.body.nextCursor}`);
    expect(second.body.data.map((p: Product) => p.name)).toEqual(["Travel Backpack 40L"]);
    expect(second.body.nextCursor).toBeNull();
  });

  it("answers 400 with field issues for bad query values", async () => {
    for (const query of [
      "category=Nope",
      "limit=0",
      "limit=501",
      "productType=Cheap",
      "cursor=xyz",
      // Decodable, yet not a place in the list: a NUL in the id, a time PostgreSQL cannot hold.
      `cursor=${Buffer.from("2026-01-01T00:00:00.000Z|a\u0000b").toString("base64url")}`,
      `cursor=${Buffer.from("+275760-09-13T00:00:00.000Z|abc").toString("base64url")}`,
      `cursor=${Buffer.from("-000001-01-01T00:00:00.000Z|abc").toString("base64url")}`,
    ]) {
      const { status, body } = await get(`/api/products?${query}`);
      expect(status, query).toBe(400);
      expect(body.error.code).toBe("invalid");
      expect(body.error.issues.length, query).toBeGreaterThan(0);
    }
  });

  it("returns one product by id and 404 for an unknown id", async () => {
    const target = created[0] as Product;
    const found = await get(`/api/product/${target._id}`);
    expect(found.status).toBe(200);
    // Not tracked, nothing entered: every variant it offers at 0.
    expect(found.body.data).toEqual({
      ...target,
      trackStock: false,
      stock: variantsOf(target).map((v) => ({ ...v, quantity: 0 })),
    });
    const missing = await get("/api/product/does-not-exist");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: "not_found", message: "Product not found" });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const { status, body } = await get("/api/nothing-here");
    expect(status).toBe(404);
    expect(body.error.code).toBe("not_found");
  });

  it("answers a known API path asked with another method 405, naming the methods it takes", async () => {
    const wrong = await app.request("/api/postOrder", { method: "PUT" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("Allow")).toBe("POST");
    expect((await wrong.json()).error).toMatchObject({ code: "method_not_allowed" });
    const product = await app.request("/api/product/abc", { method: "DELETE" });
    expect(product.status).toBe(405);
    expect(product.headers.get("Allow")).toBe("GET, HEAD");
  });

  it("describes its routes in /api/openapi.json and /api/docs", async () => {
    const { status, body } = await get("/api/openapi.json");
    expect(status).toBe(200);
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(["/products", "/product/{id}"]));
    const params = body.paths["/products"].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining(["searchQuery", "category", "subCategory", "productType", "limit"]),
    );
    const docs = await app.request("/api/docs");
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain("/api/product/{id}");
  });

  it("reports health with the database kind", async () => {
    const { status, body } = await get("/healthz");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ok", database: TEST_DB });
  });
});

describeDb(`product search through the API (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;

  beforeAll(async () => {
    ctx = await openTestContext();
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    for (let i = 0; i < 12; i++) {
      const tote = {
        ...base,
        name: `Canvas Tote ${i}`,
        category: "Bag Items",
        subCategory: "Backpack",
      };
      await createProduct(
        ctx.db,
        tote as Parameters<typeof createProduct>[1],
        new Date(Date.UTC(2026, 1, 1 + i)),
      );
    }
  });
  afterAll(async () => ctx?.close());

  it("answers at most 10 results for a search (spec §5), more only with an explicit limit", async () => {
    const search = await (await app.request("/api/products?searchQuery=tote")).json();
    expect(search.data).toHaveLength(10);
    expect(search.nextCursor).toEqual(expect.any(String));
    const more = await (await app.request("/api/products?searchQuery=tote&limit=20")).json();
    expect(more.data).toHaveLength(12);
    const all = await (await app.request("/api/products")).json();
    expect(all.data).toHaveLength(12);
  });
});
