import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { products, slides } from "../db/schema";
import { createProduct, type Product } from "../services/products";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import type { AppEnv } from "./env";
import { API_READ_CACHE_CONTROL } from "./http-cache";

describeDb(`catalogue API caching (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;
  let product: Product;

  beforeAll(async () => {
    ctx = await openTestContext();
    app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    product = await createProduct(ctx.db, {
      name: "Braided Type-C Fast Charging Cable 1m",
      description: "Connectivity: USB Type-C",
      category: "Gadget Items",
      subCategory: "Charging Cable",
      productType: "New Arrivals",
      sizes: [],
      colors: [],
      images: ["/media/ab/abababababababababababababababab.webp"],
      originalPrice: 350,
      ratings: 4.5,
      reviews: 3,
    });
    await ctx.db.insert(slides).values({ id: "slide-1", image: "/media/x.webp", title: "Eid" });
  });
  afterAll(async () => ctx?.close());

  const reads = () => [
    "/api/products?category=Gadget%20Items&limit=20",
    `/api/product/${product._id}`,
    "/api/getSliders",
    "/api/getSlider/slide-1",
  ];

  it("answers public reads with a validator and revalidation headers, and 304 when current", async () => {
    for (const path of reads()) {
      const first = await app.request(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.get("Content-Type"), path).toMatch(/^application\/json/);
      expect(first.headers.get("Cache-Control"), path).toBe(API_READ_CACHE_CONTROL);
      const etag = first.headers.get("ETag");
      expect(etag, path).toMatch(/^W\/"/);
      const body = await first.text();

      const again = await app.request(path);
      expect(again.headers.get("ETag"), path).toBe(etag);
      expect(await again.text(), path).toBe(body);

      const current = await app.request(path, { headers: { "If-None-Match": etag ?? "" } });
      expect(current.status, path).toBe(304);
      expect(await current.text(), path).toBe("");
      expect(current.headers.get("ETag"), path).toBe(etag);
    }
  });

  it("serves the cached answer until a catalogue change is published, then the new one", async () => {
    const path = `/api/product/${product._id}`;
    const before = await app.request(path);
    const etag = before.headers.get("ETag") ?? "";
    await ctx.db
      .update(products)
      .set({ name: "Renamed Cable" })
      .where(eq(products.id, product._id));

    const cached = await app.request(path);
    expect((await cached.json()).data.name).toBe("Braided Type-C Fast Charging Cable 1m");

    await ctx.catalogueEvents.publish({ kind: "product", id: product._id });
    const fresh = await app.request(path, { headers: { "If-None-Match": etag } });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("ETag")).not.toBe(etag);
    expect((await fresh.json()).data.name).toBe("Renamed Cable");
  });

  it("answers the liveness probe without touching the catalogue", async () => {
    const res = await app.request("/livez");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("does not cache or validate error answers", async () => {
    for (const path of ["/api/product/nope", "/api/getSlider/nope", "/api/products?limit=0"]) {
      const res = await app.request(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.headers.get("ETag"), path).toBeNull();
      expect(ctx.catalogueCache.has(`api:${path.split("?")[0]}`), path).toBe(false);
    }
    await ctx.db.insert(slides).values({ id: "nope", image: "/media/y.webp", title: "Late" });
    expect((await app.request("/api/getSlider/nope")).status).toBe(200);
  });
});
