import { afterEach, describe, expect, it, vi } from "vitest";
import { RateLimitedError, waitText } from "../errors";
import { createRateLimiter } from "./limiter";
import { RATE_LIMITS } from "./rules";
import { memoryRateLimitStorage } from "./storage";

afterEach(() => {
  vi.useRealTimers();
});

describe("memoryRateLimitStorage", () => {
  it("allows max requests per key and window, then says how long to wait", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-24T10:00:00Z") });
    const storage = memoryRateLimitStorage();
    const rule = { window: 60, max: 2 };
    expect(await storage.consume("k", rule)).toEqual({ allowed: true, retryAfter: null });
    expect(await storage.consume("k", rule)).toEqual({ allowed: true, retryAfter: null });
    vi.advanceTimersByTime(15_000);
    expect(await storage.consume("k", rule)).toEqual({ allowed: false, retryAfter: 45 });
    expect((await storage.consume("other", rule)).allowed).toBe(true);
    vi.advanceTimersByTime(45_000);
    expect(await storage.consume("k", rule)).toEqual({ allowed: true, retryAfter: null });
  });

  it("forgets ended windows within a minute, so a sale's phones do not stay in memory", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-24T10:00:00Z") });
    const storage = memoryRateLimitStorage();
    const tenMinutes = { window: 600, max: 5 };
    for (let i = 0; i < 1000; i++) await storage.consume(`phone-${i}`, tenMinutes);
    await storage.consume("short", { window: 60, max: 5 });
    expect(storage.size()).toBe(1001);

    vi.advanceTimersByTime(5 * 60_000);
    await storage.consume("late", tenMinutes);
    // The short window has ended; the phones' are still running and keep their counts.
    expect(storage.size()).toBe(1001);
    expect(await storage.consume("phone-0", { window: 600, max: 1 })).toMatchObject({
      allowed: false,
    });

    vi.advanceTimersByTime(6 * 60_000);
    await storage.consume("later", tenMinutes);
    expect(storage.size()).toBe(2);
  });

  it("holds at most 100,000 keys: a flood of new ones pushes out the window that started first", async () => {
    const storage = memoryRateLimitStorage();
    const rule = { window: 600, max: 1 };
    for (let i = 0; i < 100_000; i++) await storage.consume(`bot-${i}`, rule);
    expect((await storage.consume("bot-1", rule)).allowed).toBe(false);
    await storage.consume("one-more", rule);
    expect(storage.size()).toBe(100_000);
    // bot-0's window started first and went; the others are still counted.
    expect((await storage.consume("bot-99999", rule)).allowed).toBe(false);
    expect((await storage.consume("bot-0", rule)).allowed).toBe(true);
  });
});

describe("createRateLimiter", () => {
  it("throws RateLimitedError (429, retryAfter) at the first refused check and skips the rest", async () => {
    const limiter = createRateLimiter(memoryRateLimitStorage(), true);
    for (let i = 0; i < RATE_LIMITS.contactPerEmail.max; i++) {
      await limiter.consume(
        ["contactPerEmail", "a@haat.test"],
        ["contactPerPhone", `0171000000${i}`],
      );
    }
    const refused = await limiter
      .consume(["contactPerEmail", "a@haat.test"], ["contactPerPhone", "01710000009"])
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).status).toBe(429);
    expect((refused as RateLimitedError).retryAfter).toBe(600);
    expect((refused as RateLimitedError).message).toBe(
      "Too many requests. Please try again in 10 minutes.",
    );
    // The refused call did not count the phone: it still has all its attempts.
    for (let i = 0; i < RATE_LIMITS.contactPerPhone.max; i++) {
      await limiter.consume(["contactPerPhone", "01710000009"]);
    }
  });

  it("skips empty subjects and does nothing when RATE_LIMIT is off", async () => {
    const on = createRateLimiter(memoryRateLimitStorage(), true);
    for (let i = 0; i < 20; i++)
      await on.consume(["contactPerEmail", null], ["contactPerPhone", ""]);
    const off = createRateLimiter(memoryRateLimitStorage(), false);
    for (let i = 0; i < 20; i++) await off.consume(["orderPerPhone", "01712345678"]);
  });

  it("allows: true within the limit, false past it (nothing thrown), always true when off", async () => {
    const { max } = RATE_LIMITS.orderPlacedMailPerEmail;
    const on = createRateLimiter(memoryRateLimitStorage(), true);
    const answers = [];
    for (let i = 0; i <= max; i++) {
      answers.push(await on.allows("orderPlacedMailPerEmail", "victim@example.com"));
    }
    expect(answers).toEqual([...Array(max).fill(true), false]);
    expect(await on.allows("orderPlacedMailPerEmail", "rahim@example.com")).toBe(true);
    const off = createRateLimiter(memoryRateLimitStorage(), false);
    for (let i = 0; i <= max; i++) {
      expect(await off.allows("orderPlacedMailPerEmail", "victim@example.com")).toBe(true);
    }
  });
});

describe("waitText", () => {
  it("says seconds under a minute, else whole minutes rounded up", () => {
    expect(waitText(1)).toBe("1 second");
    expect(waitText(45)).toBe("45 seconds");
    expect(waitText(60)).toBe("1 minute");
    expect(waitText(61)).toBe("2 minutes");
    expect(waitText(600)).toBe("10 minutes");
  });
});
