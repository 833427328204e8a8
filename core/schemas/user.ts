import { z } from "zod";
import { emptyToUndefined } from "./common";

/** GET /api/users query string (DESIGN §5: bounded lists with a cursor). */
export const userQuerySchema = z.object({
  search: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(500).default(100)),
  cursor: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
});

export type UserQuery = z.infer<typeof userQuerySchema>;

/** A user's display name, wherever it is set (sign-up, profile, POST /api/postUser). */
export const userNameSchema = z.string().trim().min(1, "Name is required").max(100);

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
    email: z.string().max(254).optional(),
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
