import { type Actor, toActor } from "../../core/actor";
import type { AppContext } from "../app-context";
import { findUserById } from "../services/users";
import { verifyApiToken } from "./api-token";

/** Better Auth's session cookie; without it there is no session and no database read. */
const SESSION_COOKIE = "session_token";

/** The signed-in user of a request's session cookie, or null. */
export async function actorFromSession(app: AppContext, headers: Headers): Promise<Actor | null> {
  if (!headers.get("cookie")?.includes(SESSION_COOKIE)) return null;
  const session = await app.auth.api.getSession({ headers });
  return session ? toActor(session.user) : null;
}

/**
 * The user an API token (POST /api/jwt) names, or null for a bad or expired token. The token only
 * names the user: the row is read on every call, so a role change or a deleted account takes
 * effect at once.
 */
export async function actorFromApiToken(app: AppContext, token: string): Promise<Actor | null> {
  const claims = await verifyApiToken(app.apiTokenKey, token);
  if (!claims) return null;
  const row = await findUserById(app.db, claims.sub);
  if (!row || row.email.toLowerCase() !== claims.email.toLowerCase()) return null;
  return toActor(row);
}
