import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { memoryRateLimitStorage, type RateLimitStorage, redisRateLimitStorage } from "./storage";

const REDIS_URL = process.env.TEST_REDIS_URL;

/** A request taken back frees its place in the window, and no more than one. */
async function releases(storage: RateLimitStorage) {
  const key = `release|${randomUUID()}`;
  const rule = { window: 60, max: 2 };
  await storage.consume(key, rule);
  await storage.consume(key, rule);
  expect((await storage.consume(key, rule)).allowed).toBe(false);
  await storage.release(key);
  await storage.release(key);
  expect((await storage.consume(key, rule)).allowed).toBe(true);
  expect((await storage.consume(key, rule)).allowed).toBe(false);
  // Nothing counted: nothing to take back, and the count never goes below zero.
  const fresh = `release|${randomUUID()}`;
  await storage.release(fresh);
  await storage.consume(fresh, rule);
  await storage.consume(fresh, rule);
  expect((await storage.consume(fresh, rule)).allowed).toBe(false);
}

describe("taking back a counted request", () => {
  it("in memory", () => releases(memoryRateLimitStorage()));

  it.runIf(REDIS_URL)("on Redis", async () => {
    const redis = redisRateLimitStorage(REDIS_URL as string, `haat-test-${randomUUID()}:`);
    await redis.ready;
    try {
      await releases(redis.storage);
    } finally {
      redis.close();
    }
  });
});

describe("Redis rate-limit storage", () => {
  // Port 1 on loopback: nothing listens, so every command fails after the client's retries.
  const unreachable = redisRateLimitStorage("redis://127.0.0.1:1", "haat-test-down:");
  unreachable.ready.catch(() => {});
  afterAll(() => unreachable.close());

  it("lets requests through, uncounted, while Redis is unreachable", async () => {
    const rule = { window: 60, max: 1 };
    for (let i = 0; i < 3; i++) {
      await expect(unreachable.storage.consume("orders|01712345678", rule)).resolves.toEqual({
        allowed: true,
        retryAfter: null,
      });
    }
  });
});
