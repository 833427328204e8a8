import { RateLimitedError } from "../errors";
import { RATE_LIMITS, type RateLimitName } from "./rules";
import type { RateLimitStorage, RateRule } from "./storage";

export type RateLimiter = {
  /** Whether limits apply (RATE_LIMIT); the storage is shared with Better Auth's limiter. */
  enabled: boolean;
  storage: RateLimitStorage;
  /**
   * Counts one request of each (limit, subject) pair in order and throws RateLimitedError at the
   * first refused one (later pairs are then not counted). Empty subjects are skipped. Answers a
   * function that takes back what it counted for the limits named (see `release`).
   */
  consume: (...checks: [RateLimitName, string | null | undefined][]) => Promise<Release>;
  /**
   * Counts one request against one limit and answers whether it was within it, for what is
   * never refused, only not done (a mail a stranger can set off to someone else's inbox).
   */
  allows: (name: RateLimitName, subject: string) => Promise<boolean>;
};

/**
 * Takes back the requests a `consume` counted against these limits: a request the service then
 * turned away for a reason the client can mend (an order whose prices moved) is not held against
 * the person, who will send it again.
 */
export type Release = (...names: RateLimitName[]) => Promise<void>;

const NOTHING_TO_RELEASE: Release = async () => {};

/** Limits a shop sets for itself (configuration), in place of the defaults of rules.ts. */
export type RateLimitOverrides = Partial<Record<RateLimitName, RateRule>>;

export function createRateLimiter(
  storage: RateLimitStorage,
  enabled: boolean,
  overrides: RateLimitOverrides = {},
): RateLimiter {
  const rules: Record<RateLimitName, RateRule> = { ...RATE_LIMITS, ...overrides };
  const consume: RateLimiter["consume"] = async (...checks) => {
    if (!enabled) return NOTHING_TO_RELEASE;
    const counted: [RateLimitName, string][] = [];
    for (const [name, subject] of checks) {
      if (!subject) continue;
      const rule = rules[name];
      const key = `${name}|${subject}`;
      const { allowed, retryAfter } = await storage.consume(key, rule);
      if (!allowed) throw new RateLimitedError(retryAfter ?? rule.window);
      counted.push([name, key]);
    }
    return async (...names) => {
      for (const [name, key] of counted) if (names.includes(name)) await storage.release(key);
    };
  };
  return {
    enabled,
    storage,
    consume,
    async allows(name, subject) {
      try {
        await consume([name, subject]);
        return true;
      } catch (err) {
        if (err instanceof RateLimitedError) return false;
        throw err;
      }
    },
  };
}
