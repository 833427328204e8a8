import { z } from "zod";
import { ACCOUNT_FIELD_LIMITS, ACCOUNT_MESSAGES } from "../account";
import { EMAIL_PATTERN } from "../checkout";
import { emptyToUndefined } from "./common";

/** GET /api/users query string (DESIGN §5: bounded lists with a cursor). */
/** The longest search the users table and GET /api/users take. */
export const USER_SEARCH_MAX = 100;

export const userQuerySchema = z.object({
  search: z.preprocess(emptyToUndefined, z.string().trim().max(USER_SEARCH_MAX).optional()),
  limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(500).default(100)),
  cursor: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
});

export type UserQuery = z.infer<typeof userQuerySchema>;

const m = ACCOUNT_MESSAGES;
const limits = ACCOUNT_FIELD_LIMITS;

/** A user's display name, wherever it is set (sign-up, profile, POST /api/postUser). */
export const userNameSchema = z
  .string()
  .trim()
  .min(1, { message: m.nameRequired, abort: true })
  .max(limits.name, m.nameTooLong);

/**
 * An account's email on the sign-in forms: checkout's limit and pattern (zod's `z.email()`, which
 * Better Auth applies too), so a form never reaches Better Auth with one it would refuse.
 */
export const accountEmailSchema = z
  .string()
  .trim()
  .min(1, { message: m.emailRequired, abort: true })
  .max(limits.email, { message: m.emailInvalid, abort: true })
  .regex(EMAIL_PATTERN, m.emailInvalid);

/** A password to sign in with: Better Auth refuses a longer one before comparing it. */
export const passwordSchema = z
  .string()
  .min(1, { message: m.passwordRequired, abort: true })
  .max(limits.passwordMax, m.passwordTooLong);

/** A new password (sign-up, reset): Better Auth's lengths, checked before it is asked. */
export const newPasswordSchema = passwordSchema.min(limits.passwordMin, m.passwordTooShort);

/** The register page's form (app/features/account/auth-actions.server.ts). */
export const signUpFormSchema = z.object({
  name: userNameSchema,
  email: accountEmailSchema,
  password: newPasswordSchema,
});

/** The login page's form. */
export const signInFormSchema = z.object({ email: accountEmailSchema, password: passwordSchema });

/** Longest URL the auth endpoints take (avatar, callback and redirect targets). */
const AUTH_URL_MAX = 2000;

/**
 * The fields of Better Auth's request bodies that it stores or echoes without checking their
 * type or length (it turned `{ name: { … } }` into "[object Object]"); other fields and unknown
 * ones are left to Better Auth.
 */
export const authBodySchema = z
  .looseObject({
    name: userNameSchema.optional(),
    email: z.string().max(limits.email).optional(),
    image: z.string().max(AUTH_URL_MAX).nullable().optional(),
    callbackURL: z.string().max(AUTH_URL_MAX).optional(),
    redirectTo: z.string().max(AUTH_URL_MAX).optional(),
    errorCallbackURL: z.string().max(AUTH_URL_MAX).optional(),
    newUserCallbackURL: z.string().max(AUTH_URL_MAX).optional(),
  })
  // PostgreSQL cannot store NUL, and Better Auth answers the database's refusal with a 500.
  .refine(
    (body) => !Object.values(body).some((v) => typeof v === "string" && v.includes("\0")),
    "Text may not contain NUL characters",
  );
