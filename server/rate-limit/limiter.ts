import { RateLimitedError } from "../errors";
import { RATE_LIMITS, type RateLimitName } from "./rules";
import type { RateLimitStorage } from "./storage";

export type RateLimiter = {
  /** Whether limits apply (RATE_LIMIT); the storage is shared with Better Auth's limiter. */
  enabled: boolean;
  storage: RateLimitStorage;
  /**
   * Counts one request of each (limit, subject) pair in order and throws RateLimitedError at the
   * first refused one (later pairs are then not counted). Empty subjects are skipped.
   */
  consume: (...checks: [RateLimitName, string | null | undefined][]) => Promise<void>;
};

export function createRateLimiter(storage: RateLimitStorage, enabled: boolean): RateLimiter {
  return {
    enabled,
    storage,
    async consume(...checks) {
      if (!enabled) return;
      for (const [name, subject] of checks) {
        if (!subject) continue;
        const { allowed, retryAfter } = await storage.consume(
          `${name}|${subject}`,
          RATE_LIMITS[name],
        );
        if (!allowed) throw new RateLimitedError(retryAfter ?? RATE_LIMITS[name].window);
      }
    },
  };
}
