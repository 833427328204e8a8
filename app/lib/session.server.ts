import type { SessionUser } from "../../core/session-user";
import { serverContext } from "./server-context.server";

/** Better Auth's session cookie; without it there is no session and no database read. */
const SESSION_COOKIE = "session_token";

/** The signed-in user of a page request, or null for a guest. */
export async function sessionUser(request: Request): Promise<SessionUser | null> {
  if (!request.headers.get("cookie")?.includes(SESSION_COOKIE)) return null;
  const ctx = await serverContext();
  const session = await ctx.auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const u = session.user as typeof session.user & { role?: string };
  return {
    id: u.id,
    email: u.email,
    displayName: u.name,
    role: u.role === "admin" ? "admin" : "customer",
    emailVerified: u.emailVerified,
  };
}
