import { createHmac } from "node:crypto";
import { sign, verify } from "hono/jwt";

/** Lifetime of the API token that POST /api/jwt hands out (spec §7 JWT_ACCESS_TOKEN). */
export const API_TOKEN_TTL_SECONDS = 60 * 60;

export type ApiTokenClaims = { sub: string; email: string };

/** A key of its own for API tokens, derived from the auth secret (never the secret itself). */
export function apiTokenKey(authSecret: string): string {
  return createHmac("sha256", authSecret).update("haat api token v1").digest("base64url");
}

export async function signApiToken(
  key: string,
  claims: ApiTokenClaims,
  now = Math.floor(Date.now() / 1000),
): Promise<string> {
  return sign(
    {
      sub: claims.sub,
      email: claims.email,
      iat: now,
      exp: now + API_TOKEN_TTL_SECONDS,
      typ: "haat-api",
    },
    key,
    "HS256",
  );
}

/** The claims of a valid, unexpired token, or null. */
export async function verifyApiToken(key: string, token: string): Promise<ApiTokenClaims | null> {
  try {
    const payload = await verify(token, key, "HS256");
    if (payload.typ !== "haat-api") return null;
    if (typeof payload.sub !== "string" || typeof payload.email !== "string") return null;
    return { sub: payload.sub, email: payload.email };
  } catch {
    return null;
  }
}
