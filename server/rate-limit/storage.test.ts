import { afterAll, describe, expect, it } from "vitest";
import { redisRateLimitStorage } from "./storage";

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
