import { type Actor, toActor } from "~/core/actor";
import type { AppContext } from "../app-context";
import { findUserBySession } from "../services/users";
import { verifyApiToken } from "./api-token";

/** Better Auth's session cookie; without it there is no session and no database read. */
const SESSION_COOKIE = "session_token";

/** Whether the request carries a sign-in cookie (live or not). */
export function sendsSessionCookie(headers: Headers): boolean {
  return headers.get("cookie")?.includes(SESSION_COOKIE) ?? false;
}

/** The signed-in user of a request's session cookie and that session's id, or null. */
export async function sessionOf(
  app: AppContext,
  headers: Headers,
): Promise<{ actor: Actor; sessionId: string } | null> {
  if (!sendsSessionCookie(headers)) return null;
  const session = await app.auth.api.getSession({ headers });
  return session ? { actor: toActor(session.user), sessionId: session.session.id } : null;
}

/** The signed-in user of a request's session cookie, or null. */
export async function actorFromSession(app: AppContext, headers: Headers): Promise<Actor | null> {
  return (await sessionOf(app, headers))?.actor ?? null;
}

/**
 * The user an API token (POST /api/jwt) names, or null. A token is honoured only while the
 * session it was issued to lives, and the user row is read on every call: sign-out, a password
 * reset, a role change (which ends the user's sessions) or a deleted account end it at once
 * (decision 029).
 */
export async function actorFromApiToken(app: AppContext, token: string): Promise<Actor | null> {
  const claims = await verifyApiToken(app.apiTokenKey, token);
  if (!claims) return null;
  const row = await findUserBySession(app.db, claims.sid, claims.sub);
  if (!row || row.email.toLowerCase() !== claims.email.toLowerCase()) return null;
  return toActor(row);
}
