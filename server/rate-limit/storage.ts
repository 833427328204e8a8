import { Redis } from "ioredis";
import { logger } from "../logger";

export type RateRule = {
  /** Window length in seconds. */
  window: number;
  /** Requests allowed per window; the next one is refused. */
  max: number;
};

export type ConsumeResult = { allowed: boolean; retryAfter: number | null };

/**
 * Counts requests per key in fixed windows. The same shape as Better Auth's `customStorage`,
 * so one object serves its limiter and ours.
 */
export type RateLimitStorage = {
  consume: (key: string, rule: RateRule) => Promise<ConsumeResult>;
  /** Takes back one counted request of `key`'s current window (never below zero). */
  release: (key: string) => Promise<void>;
};

/** Expired windows are dropped this often, so one server's counts hold only live windows. */
const MEMORY_SWEEP_EVERY_MS = 60_000;

/** A ceiling against a flood of distinct keys: past it the window that started first goes. */
const MEMORY_MAX_KEYS = 100_000;

/** One process's counts (one server, or tests): fixed windows in a Map. */
export function memoryRateLimitStorage(): RateLimitStorage & { size: () => number } {
  // In the order their windows started (a new window moves its key to the end).
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweepAt = 0;
  function sweep(now: number) {
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
    nextSweepAt = now + MEMORY_SWEEP_EVERY_MS;
  }
  return {
    /** How many keys are counted now. */
    size: () => windows.size,
    async consume(key, rule) {
      const now = Date.now();
      if (now >= nextSweepAt) sweep(now);
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        windows.delete(key);
        if (windows.size >= MEMORY_MAX_KEYS) windows.delete(windows.keys().next().value as string);
        w = { count: 0, resetAt: now + rule.window * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      if (w.count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
    },
    async release(key) {
      const w = windows.get(key);
      if (w && w.resetAt > Date.now() && w.count > 0) w.count -= 1;
    },
  };
}

// One round trip, atomic on the Redis server: count the request, start the window on the first one.
const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

// Takes one back if the window still exists; DECR keeps the key's expiry.
const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return count
`;

/**
 * Counts on Redis (fixed windows), so every app server shares one count per key. Keys are
 * `<prefix>rl:<key>`. Only the rate limits use Redis: Better Auth's sessions stay in the database.
 */
export function redisRateLimitStorage(
  url: string,
  prefix = "haat:",
): { storage: RateLimitStorage; ready: Promise<void>; close: () => void } {
  const redis = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 2,
    // While disconnected, commands fail at once (and the request goes through uncounted)
    // instead of queueing behind reconnection attempts.
    enableOfflineQueue: false,
  });
  let warnedAt = 0;
  const warnUnreachable = (err: unknown) => {
    if (Date.now() - warnedAt < 60_000) return;
    warnedAt = Date.now();
    logger.warn({ err }, "rate-limit storage unreachable: requests go through uncounted");
  };
  redis.on("error", warnUnreachable);
  // Start-up waits for the first connection, as it does for the catalogue channel, so counting
  // starts with the first request; after that an outage lets requests through (below).
  const ready = new Promise<void>((resolve, reject) => {
    redis.once("ready", () => resolve());
    redis.once("error", reject);
  });
  const storage: RateLimitStorage = {
    async consume(key, rule) {
      let answer: [number, number];
      try {
        answer = (await redis.eval(
          CONSUME_SCRIPT,
          1,
          `${prefix}rl:${key}`,
          String(rule.window),
        )) as [number, number];
      } catch (err) {
        // Fail open: with Redis unreachable, a customer's order or sign-in must not fail with
        // it. The limits are a brake on abuse, not a condition for serving anyone.
        warnUnreachable(err);
        return { allowed: true, retryAfter: null };
      }
      const [count, ttl] = answer;
      if (count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, ttl) };
    },
    async release(key) {
      try {
        await redis.eval(RELEASE_SCRIPT, 1, `${prefix}rl:${key}`);
      } catch (err) {
        // As consume fails open: a request not taken back only counts once more.
        warnUnreachable(err);
      }
    },
  };
  return { storage, ready, close: () => redis.disconnect() };
}
