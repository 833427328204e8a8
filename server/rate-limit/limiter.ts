import { RateLimitedError } from "../errors";
import { RATE_LIMITS, type RateLimitName } from "./rules";
import type { RateLimitStorage, RateRule } from "./storage";

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

/** Limits a shop sets for itself (configuration), in place of the defaults of rules.ts. */
export type RateLimitOverrides = Partial<Record<RateLimitName, RateRule>>;

export function createRateLimiter(
  storage: RateLimitStorage,
  enabled: boolean,
  overrides: RateLimitOverrides = {},
): RateLimiter {
  const rules: Record<RateLimitName, RateRule> = { ...RATE_LIMITS, ...overrides };
  return {
    enabled,
    storage,
    async consume(...checks) {
      if (!enabled) return;
      for (const [name, subject] of checks) {
        if (!subject) continue;
        const rule = rules[name];
        const { allowed, retryAfter } = await storage.consume(`${name}|${subject}`, rule);
        if (!allowed) throw new RateLimitedError(retryAfter ?? rule.window);
      }
    },
  };
}
