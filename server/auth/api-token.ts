import { createHmac } from "node:crypto";
import { sign, verify } from "hono/jwt";

/** Lifetime of the API token that POST /api/jwt hands out (spec §7 JWT_ACCESS_TOKEN). */
export const API_TOKEN_TTL_SECONDS = 60 * 60;

/**
 * `sid` is the id of the sign-in session the token was issued to: the token is honoured only
 * while that session lives (docs/decisions/029-api-tokens-live-with-their-session.md).
 */
export type ApiTokenClaims = { sub: string; email: string; sid: string };

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
      sid: claims.sid,
      iat: now,
      exp: now + API_TOKEN_TTL_SECONDS,
      typ: "haat-api",
    },
    key,
    "HS256",
  );
}

/** The claims of a valid, unexpired token, or null (a token without a session id included). */
export async function verifyApiToken(key: string, token: string): Promise<ApiTokenClaims | null> {
  try {
    const payload = await verify(token, key, "HS256");
    if (payload.typ !== "haat-api") return null;
    const { sub, email, sid } = payload;
    if (typeof sub !== "string" || typeof email !== "string") return null;
    if (typeof sid !== "string" || !sid) return null;
    return { sub, email, sid };
  } catch {
    return null;
  }
}
