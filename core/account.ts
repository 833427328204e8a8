import { CHECKOUT_MESSAGES, CUSTOMER_FIELD_LIMITS } from "./checkout";

/**
 * The sign-in forms' rules without zod, so the pages can set their inputs' maxLength from them:
 * the same limits as checkout for the name and email, and Better Auth's password lengths
 * (server/auth/auth.ts sets them from here). The schemas of core/schemas/user.ts check them on
 * the server before Better Auth is asked.
 */
export const ACCOUNT_FIELD_LIMITS = {
  name: CUSTOMER_FIELD_LIMITS.name,
  email: CUSTOMER_FIELD_LIMITS.email,
  passwordMin: 8,
  passwordMax: 128,
} as const;

/** What the sign-in forms say of a field (the name and email in checkout's words). */
export const ACCOUNT_MESSAGES = {
  nameRequired: CHECKOUT_MESSAGES.nameRequired,
  nameTooLong: CHECKOUT_MESSAGES.nameTooLong,
  emailRequired: CHECKOUT_MESSAGES.emailRequired,
  emailInvalid: CHECKOUT_MESSAGES.emailInvalid,
  // Better Auth's own words for its password refusals.
  passwordRequired: "Password is required",
  passwordTooShort: "Password too short",
  passwordTooLong: "Password too long",
} as const;
