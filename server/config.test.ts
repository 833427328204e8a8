import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("configuration", () => {
  it("runs with no settings at all: PGlite under ./data on port 3000", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.database).toEqual({
      kind: "pglite",
      dataDir: path.resolve("data", "pglite"),
    });
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  it("uses PostgreSQL when DATABASE_URL is set and trims the public address", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://shop@db:5432/haat",
      PUBLIC_URL: "https://haat.example/",
    });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://shop@db:5432/haat" });
    expect(config.publicUrl).toBe("https://haat.example");
  });

  it("keeps images under DATA_DIR/media unless MEDIA_STORAGE=s3 names a complete bucket", () => {
    expect(loadConfig({}).media).toEqual({ kind: "local", dir: path.resolve("data", "media") });
    const s3 = loadConfig({
      MEDIA_STORAGE: "s3",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_BUCKET: "haat-media",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(s3.media).toEqual({
      kind: "s3",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      bucket: "haat-media",
      accessKeyId: "key",
      secretAccessKey: "secret",
      forcePathStyle: true,
      publicUrl: undefined,
    });
    expect(() => loadConfig({ MEDIA_STORAGE: "s3", S3_BUCKET: "b" })).toThrow(
      /S3_ENDPOINT: is required when MEDIA_STORAGE=s3[\s\S]*S3_ACCESS_KEY_ID/,
    );
  });

  it("says at start of a courier's webhook secret set without that courier's keys", () => {
    expect(loadConfig({}).warnings).toEqual([]);
    expect(
      loadConfig({ STEADFAST_WEBHOOK_TOKEN: "t", REDX_WEBHOOK_SECRET: "r", REDX_API_TOKEN: "x" })
        .warnings,
    ).toEqual([
      "STEADFAST_WEBHOOK_TOKEN is set, but its courier is not: set STEADFAST_API_KEY and STEADFAST_SECRET_KEY too, or its webhooks are refused.",
    ]);
    expect(loadConfig({ PATHAO_WEBHOOK_SECRET: "p" }).warnings).toEqual([
      expect.stringMatching(
        /^PATHAO_WEBHOOK_SECRET is set, but its courier is not: set PATHAO_CLIENT_ID/,
      ),
    ]);
  });

  it("lists every bad setting in one clear error", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", SEED_DEMO_DATA: "yes" });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain("Invalid configuration");
    expect(message).toContain("PORT");
    expect(message).toContain("DATABASE_URL: must be a PostgreSQL URL");
    expect(message).toContain("SEED_DEMO_DATA");
  });

  it("refuses a short auth secret", () => {
    expect(() => loadConfig({ BETTER_AUTH_SECRET: "short" })).toThrow("at least 32 characters");
  });

  it("prefixes Redis keys and channels with haat: unless REDIS_PREFIX names another prefix", () => {
    expect(loadConfig({}).REDIS_PREFIX).toBe("haat:");
    expect(loadConfig({ REDIS_PREFIX: "shop-2:" }).REDIS_PREFIX).toBe("shop-2:");
    expect(() => loadConfig({ REDIS_PREFIX: "two words" })).toThrow(/REDIS_PREFIX/);
  });

  it("keeps the rate limits on unless tests or RATE_LIMIT=off turn them off", () => {
    expect(loadConfig({}).rateLimit).toBe(true);
    expect(loadConfig({ NODE_ENV: "production" }).rateLimit).toBe(true);
    expect(loadConfig({ NODE_ENV: "test" }).rateLimit).toBe(false);
    expect(loadConfig({ NODE_ENV: "test", RATE_LIMIT: "on" }).rateLimit).toBe(true);
    expect(loadConfig({ NODE_ENV: "production", RATE_LIMIT: "off" }).rateLimit).toBe(false);
    expect(() => loadConfig({ RATE_LIMIT: "maybe" })).toThrow("RATE_LIMIT");
  });

  it("still reads AUTH_RATE_LIMIT, the older name; RATE_LIMIT wins when both are set", () => {
    expect(loadConfig({ NODE_ENV: "test", AUTH_RATE_LIMIT: "on" }).rateLimit).toBe(true);
    expect(loadConfig({ NODE_ENV: "production", AUTH_RATE_LIMIT: "off" }).rateLimit).toBe(false);
    expect(
      loadConfig({ NODE_ENV: "production", AUTH_RATE_LIMIT: "off", RATE_LIMIT: "on" }).rateLimit,
    ).toBe(true);
    expect(() => loadConfig({ AUTH_RATE_LIMIT: "maybe" })).toThrow("AUTH_RATE_LIMIT");
  });

  it("reads ADMIN_EMAILS as a lowercased list", () => {
    expect(loadConfig({ ADMIN_EMAILS: " Boss@Shop.com ,, two@shop.com" }).ADMIN_EMAILS).toEqual([
      "boss@shop.com",
      "two@shop.com",
    ]);
  });

  it("gives free delivery from ৳5,000 unless FREE_DELIVERY_OVER names another sub-total or 0", () => {
    expect(loadConfig({}).FREE_DELIVERY_OVER).toBe(5000);
    expect(loadConfig({ FREE_DELIVERY_OVER: "" }).FREE_DELIVERY_OVER).toBe(5000);
    expect(loadConfig({ FREE_DELIVERY_OVER: "8000" }).FREE_DELIVERY_OVER).toBe(8000);
    expect(loadConfig({ FREE_DELIVERY_OVER: "0" }).FREE_DELIVERY_OVER).toBe(0);
    expect(() => loadConfig({ FREE_DELIVERY_OVER: "-1" })).toThrow("FREE_DELIVERY_OVER");
    expect(() => loadConfig({ FREE_DELIVERY_OVER: "5000.5" })).toThrow("FREE_DELIVERY_OVER");
    expect(() => loadConfig({ FREE_DELIVERY_OVER: "lots" })).toThrow("FREE_DELIVERY_OVER");
  });

  it("keeps 16 MB of guests' pages unless PAGE_CACHE_MB says otherwise (0: none)", () => {
    expect(loadConfig({}).PAGE_CACHE_MB).toBe(16);
    expect(loadConfig({ PAGE_CACHE_MB: "0" }).PAGE_CACHE_MB).toBe(0);
    expect(loadConfig({ PAGE_CACHE_MB: "64" }).PAGE_CACHE_MB).toBe(64);
    expect(() => loadConfig({ PAGE_CACHE_MB: "-1" })).toThrow("PAGE_CACHE_MB");
    expect(() => loadConfig({ PAGE_CACHE_MB: "a lot" })).toThrow("PAGE_CACHE_MB");
  });

  it("takes at most 6,000 orders a minute from one address unless ORDER_LIMIT_PER_ADDRESS says otherwise", () => {
    expect(loadConfig({}).ORDER_LIMIT_PER_ADDRESS).toBe(6000);
    expect(loadConfig({ ORDER_LIMIT_PER_ADDRESS: "120" }).ORDER_LIMIT_PER_ADDRESS).toBe(120);
    expect(() => loadConfig({ ORDER_LIMIT_PER_ADDRESS: "0" })).toThrow("ORDER_LIMIT_PER_ADDRESS");
    expect(() => loadConfig({ ORDER_LIMIT_PER_ADDRESS: "1.5" })).toThrow("ORDER_LIMIT_PER_ADDRESS");
  });
});

describe("courier settings", () => {
  it("offers a courier only with its keys, and names a half-set pair", () => {
    expect(loadConfig({}).couriers).toEqual({ parcelWeightGrams: 500 });
    const all = loadConfig({
      STEADFAST_API_KEY: "k",
      STEADFAST_SECRET_KEY: "s",
      PATHAO_CLIENT_ID: "c",
      PATHAO_CLIENT_SECRET: "p",
      PATHAO_STORE_ID: "7001",
      REDX_API_TOKEN: "t",
      REDX_API_URL: "http://127.0.0.1:9/v1/",
    }).couriers;
    expect(all.steadfast).toMatchObject({
      apiUrl: "https://portal.packzy.com/api/v1",
      apiKey: "k",
    });
    expect(all.pathao).toMatchObject({ apiUrl: "https://api-hermes.pathao.com", storeId: 7001 });
    expect(all.redx?.apiUrl).toBe("http://127.0.0.1:9/v1");
    expect(() => loadConfig({ STEADFAST_API_KEY: "k" })).toThrow(
      /STEADFAST_SECRET_KEY: is required with STEADFAST_API_KEY/,
    );
    expect(() => loadConfig({ PATHAO_CLIENT_ID: "c", PATHAO_CLIENT_SECRET: "p" })).toThrow(
      /PATHAO_STORE_ID/,
    );
    expect(() =>
      loadConfig({ PATHAO_CLIENT_ID: "c", PATHAO_CLIENT_SECRET: "p", PATHAO_STORE_ID: "x" }),
    ).toThrow(/numeric store id/);
  });
});
