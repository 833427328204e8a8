import { Redis } from "ioredis";

export type RateLimitStorage = {
  consume: (
    key: string,
    rule: { window: number; max: number },
  ) => Promise<{ allowed: boolean; retryAfter: number | null }>;
};

// One round trip, atomic on the Redis server: count the request, start the window on the first one.
const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

/**
 * Better Auth's rate-limit storage on Redis (fixed windows), so every app server shares one
 * count per client and path. Only the rate limiter uses Redis: sessions stay in the database.
 */
export function redisRateLimitStorage(
  url: string,
  keyPrefix = "haat:rl:",
): {
  storage: RateLimitStorage;
  close: () => void;
} {
  const redis = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
  });
  const storage: RateLimitStorage = {
    async consume(key, rule) {
      const [count, ttl] = (await redis.eval(
        CONSUME_SCRIPT,
        1,
        `${keyPrefix}${key}`,
        String(rule.window),
      )) as [number, number];
      if (count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, ttl) };
    },
  };
  return { storage, close: () => redis.disconnect() };
}
