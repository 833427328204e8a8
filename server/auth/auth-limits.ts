// Better Auth's own key for its per-address limiter (better-auth depends on this package at the
// same pinned version), so a page action and /api/auth/* fill the same window.
import { createRateLimitKey, normalizeIP } from "@better-auth/core/utils/ip";
import type { AppContext } from "../app-context";
import { RateLimitedError } from "../errors";
import type { Release } from "../rate-limit/limiter";
import { AUTH_RATE_LIMITS, type RateLimitName } from "../rate-limit/rules";

export type AuthLimitedPath = keyof typeof AUTH_RATE_LIMITS.paths;

/** The shop's per-email limits on Better Auth endpoints (the same names /api/auth/* counts). */
export const PER_EMAIL_LIMITS: Partial<Record<AuthLimitedPath, RateLimitName>> = {
  "/sign-in/email": "signInPerEmail",
  "/request-password-reset": "passwordResetPerEmail",
};

/**
 * What a request to Better Auth's `path` meets on /api/auth/*: the shop's per-email limit, then
 * Better Auth's per-address rule under its own key. A page action that calls `auth.api` directly
 * passes neither (Better Auth limits only requests through its handler), so it counts here first:
 * the page and the JSON API share one count per email and per address. Throws RateLimitedError.
 * Answers what takes the per-email count back (`forgiveSignedIn`).
 */
export async function consumeAuthLimits(
  app: Pick<AppContext, "rateLimiter">,
  path: AuthLimitedPath,
  address: string,
  email?: string | null,
): Promise<Release> {
  const limiter = app.rateLimiter;
  const release = await consumePerEmail(limiter, path, email);
  if (!limiter.enabled) return release;
  const rule = AUTH_RATE_LIMITS.paths[path];
  const key = createRateLimitKey(normalizeIP(address), path);
  const { allowed, retryAfter } = await limiter.storage.consume(key, rule);
  if (!allowed) throw new RateLimitedError(retryAfter ?? rule.window);
  return release;
}

/** Counts one request to `path` against its per-email limit, if it has one. */
export async function consumePerEmail(
  limiter: AppContext["rateLimiter"],
  path: string,
  email: string | null | undefined,
): Promise<Release> {
  const perEmail = PER_EMAIL_LIMITS[path as AuthLimitedPath];
  if (!perEmail) return async () => {};
  return limiter.consume([perEmail, email?.trim().toLowerCase()]);
}

/**
 * A sign-in that succeeded was no guess: its count against the email is taken back, so an owner
 * who signs in on several devices is never locked out while every wrong password still counts.
 * `release` takes back only what its request counted, so other paths are left as they are.
 */
export async function forgiveSignedIn(status: number, release: Release) {
  if (status >= 200 && status < 300) await release("signInPerEmail");
}
