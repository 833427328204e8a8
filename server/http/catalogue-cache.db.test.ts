import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { products, slides } from "../db/schema";
import { createProduct, type Product } from "../services/products";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { mountServerRoutes } from "./api";
import { compression } from "./compression";
import type { AppEnv } from "./env";
import { API_READ_CACHE_CONTROL } from "./http-cache";
import type { PackedCopies } from "./packed-copies";

describeDb(`catalogue API caching (${TEST_DB})`, () => {
  let ctx: AppContext;
  let app: Hono<AppEnv>;
  let product: Product;

  beforeAll(async () => {
    ctx = await openTestContext();
    app = new Hono<AppEnv>();
    // As in server/index.ts: answers are packed for the clients that take it.
    app.use(compression());
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

  it("packs a kept read once, and answers each client the copy it takes", async () => {
    for (const name of ["Leather Office Bag", "Canvas Travel Backpack", "Quilted Laptop Sleeve"]) {
      await createProduct(ctx.db, {
        name,
        description: `${name}: stitched by hand, with a lining that keeps the rain out. `.repeat(4),
        category: "Bag Items",
        subCategory: "Office Bag",
        productType: "New Arrivals",
        sizes: [],
        colors: [],
        images: ["/media/cd/cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd.webp"],
        originalPrice: 2400,
        ratings: 4,
        reviews: 1,
      });
    }
    const path = "/api/products?category=Bag%20Items&limit=20";
    const plain = await app.request(path);
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    const json = await plain.text();
    expect(JSON.parse(json).data).toHaveLength(3);
    expect(json.length).toBeGreaterThan(1024);
    const kept = ctx.catalogueCache.peek<PackedCopies>(`api:${path}`);
    expect(kept?.brotli).toBeDefined();

    const browser = { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } };
    const br = await app.request(path, browser);
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(br.headers.get("Vary")).toMatch(/Accept-Encoding/);
    const brBytes = new Uint8Array(await br.arrayBuffer());
    // The copy kept is the one sent: nothing was packed for this answer.
    expect(Buffer.compare(brBytes, kept?.brotli ?? new Uint8Array())).toBe(0);
    expect(Number(br.headers.get("Content-Length"))).toBe(brBytes.byteLength);
    expect(brotliDecompressSync(brBytes).toString("utf8")).toBe(json);

    expect(kept?.gzip).toBeUndefined();
    const gzip = await app.request(path, { headers: { "Accept-Encoding": "gzip, deflate" } });
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(new Uint8Array(await gzip.arrayBuffer())).toString("utf8")).toBe(json);
    expect(kept?.gzip).toBeDefined();

    const etag = br.headers.get("ETag") ?? "";
    expect(plain.headers.get("ETag")).toBe(etag);
    const current = await app.request(path, {
      ...browser,
      headers: { ...browser.headers, "If-None-Match": etag },
    });
    expect(current.status).toBe(304);

    // A read too small to be worth packing is kept as it is and sent with its length.
    const slide = await app.request("/api/getSlider/slide-1", browser);
    expect(slide.headers.get("Content-Encoding")).toBeNull();
    expect(Number(slide.headers.get("Content-Length"))).toBe((await slide.text()).length);
  });
});
