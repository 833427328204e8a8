import type { RateRule } from "./storage";

const MINUTES = 60;

/**
 * Our own limits (docs/decisions/021-rate-limits.md). Per-address limits are generous because
 * many customers share one address behind a mobile operator's NAT; per-phone and per-email
 * limits are the tight ones.
 */
export const RATE_LIMITS = {
  orderPerAddress: { window: 10 * MINUTES, max: 30 },
  orderPerPhone: { window: 10 * MINUTES, max: 10 },
  contactPerAddress: { window: 10 * MINUTES, max: 10 },
  contactPerEmail: { window: 10 * MINUTES, max: 3 },
  contactPerPhone: { window: 10 * MINUTES, max: 3 },
  /** Password guessing against one account from many addresses. */
  signInPerEmail: { window: 10 * MINUTES, max: 10 },
  /** Reset mails to one inbox. */
  passwordResetPerEmail: { window: 10 * MINUTES, max: 3 },
  /** "You already have an account" mails after a sign-up with a taken email; never refused, only not sent. */
  existingAccountMailPerEmail: { window: 10 * MINUTES, max: 1 },
} as const satisfies Record<string, RateRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** Better Auth's limiter, per client address and path (its `customRules`). */
export const AUTH_RATE_LIMITS = {
  default: { window: 1 * MINUTES, max: 100 },
  paths: {
    "/sign-in/email": { window: 1 * MINUTES, max: 20 },
    "/sign-in/social": { window: 1 * MINUTES, max: 20 },
    "/sign-up/email": { window: 10 * MINUTES, max: 20 },
    "/request-password-reset": { window: 5 * MINUTES, max: 5 },
    "/reset-password": { window: 5 * MINUTES, max: 10 },
    "/send-verification-email": { window: 5 * MINUTES, max: 5 },
  },
} as const satisfies { default: RateRule; paths: Record<string, RateRule> };
