import type { RateRule } from "./storage";

const MINUTES = 60;

/**
 * The default ceiling of orders per minute from one client address: far above what any one
 * person orders, and twice the 50 orders per second of issue 26's sale behind one carrier NAT
 * (docs/decisions/048). `ORDER_LIMIT_PER_ADDRESS` sets it per shop.
 */
export const DEFAULT_ORDERS_PER_ADDRESS_PER_MINUTE = 6000;

/**
 * Our own limits (docs/decisions/021-rate-limits.md). Per-address limits are generous because
 * many customers share one address behind a mobile operator's NAT; per-phone and per-email
 * limits are the tight ones. Orders (docs/decisions/048): per phone and per address and phone,
 * then a high ceiling per bare address, so thousands of customers behind one address are served.
 */
export const RATE_LIMITS = {
  /** One customer (one phone) behind one address. */
  orderPerAddressAndPhone: { window: 10 * MINUTES, max: 5 },
  /** One phone from any number of addresses. */
  orderPerPhone: { window: 10 * MINUTES, max: 10 },
  /** Everyone behind one address together: a ceiling against a flood, not a per-person limit. */
  orderPerAddress: { window: 1 * MINUTES, max: DEFAULT_ORDERS_PER_ADDRESS_PER_MINUTE },
  /**
   * Tracking an order (decision 060): per order number from one address and per phone the tight
   * ones (guessing the phone of one order, the orders of one phone); per order number from every
   * address a ceiling, so that one guesser cannot lock the customer out of their own order while
   * a guesser with many addresses still gets nowhere near the phone; per address a ceiling a
   * sale's carrier NAT does not meet.
   */
  trackPerOrderNumberFromAddress: { window: 10 * MINUTES, max: 20 },
  trackPerOrderNumber: { window: 10 * MINUTES, max: 200 },
  trackPerPhone: { window: 10 * MINUTES, max: 30 },
  trackPerAddress: { window: 1 * MINUTES, max: 1200 },
  /** Order codes entered or asked again (decision 060); the code itself locks at 5 wrong tries. */
  orderCodePerOrder: { window: 10 * MINUTES, max: 20 },
  orderCodePerAddress: { window: 1 * MINUTES, max: 600 },
  contactPerAddress: { window: 10 * MINUTES, max: 10 },
  contactPerEmail: { window: 10 * MINUTES, max: 3 },
  contactPerPhone: { window: 10 * MINUTES, max: 3 },
  /** Password guessing against one account from many addresses. */
  signInPerEmail: { window: 10 * MINUTES, max: 10 },
  /** Reset mails to one inbox. */
  passwordResetPerEmail: { window: 10 * MINUTES, max: 3 },
  /**
   * "Order placed" mails to one inbox: checkout takes any address, so a stranger's orders could
   * fill someone's inbox. The order is never refused for it; its mail is only not sent.
   */
  orderPlacedMailPerEmail: { window: 60 * MINUTES, max: 5 },
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
