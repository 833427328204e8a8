import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Role } from "../../core/order-status";
import { verifyApiToken } from "../auth/api-token";
import { AppError } from "../errors";
import { findUserBySession } from "../services/users";
import type { AppEnv } from "./env";

/** Who is calling an API route: the signed-in user, or null for an anonymous caller. */
export type Caller = {
  userId: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
};

const BEARER = /^Bearer\s+(\S+)$/i;

const asCaller = (u: {
  id: string;
  email: string;
  name: string;
  role?: string | null;
  emailVerified: boolean;
}): Caller => ({
  userId: u.id,
  email: u.email.toLowerCase(),
  name: u.name,
  role: u.role === "admin" ? "admin" : "customer",
  emailVerified: u.emailVerified,
});

/**
 * The caller from an `Authorization: Bearer <token from POST /api/jwt>` header, else from the
 * session cookie. A token is honoured only while the session it was issued to lives, and the
 * user row is read on every call: sign-out, a password reset, a role change (which ends the
 * user's sessions) or a deleted account end it at once. A bad or expired token is anonymous (401).
 */
export async function getCaller(c: Context<AppEnv>): Promise<Caller | null> {
  const authorization = c.req.header("authorization");
  const bearer = authorization ? BEARER.exec(authorization.trim()) : null;
  if (bearer) {
    const claims = await verifyApiToken(c.var.app.apiTokenKey, bearer[1] as string);
    if (!claims) return null;
    const row = await findUserBySession(c.var.app.db, claims.sid, claims.sub);
    if (!row || row.email.toLowerCase() !== claims.email.toLowerCase()) return null;
    return asCaller(row);
  }
  return (await getSessionCaller(c))?.caller ?? null;
}

/** The caller from the session cookie alone (never a bearer token), with the session's id. */
export async function getSessionCaller(
  c: Context<AppEnv>,
): Promise<{ caller: Caller; sessionId: string } | null> {
  const session = await c.var.app.auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) return null;
  return {
    caller: asCaller(session.user as typeof session.user & { role?: string }),
    sessionId: session.session.id,
  };
}

/** 401 without a signed-in user. */
export async function requireCaller(c: Context<AppEnv>): Promise<Caller> {
  const caller = await getCaller(c);
  if (!caller) throw new AppError("unauthorized", "Sign in first");
  return caller;
}

/** 401 without a signed-in user, 403 for a customer. */
export async function requireAdmin(c: Context<AppEnv>): Promise<Caller> {
  const caller = await requireCaller(c);
  if (caller.role !== "admin") throw new AppError("forbidden", "Only admins may do this");
  return caller;
}

/**
 * Route middleware for admin-only routes: checks the caller before the body is validated, so an
 * anonymous caller gets 401 (and a customer 403) whatever they send.
 */
export const adminOnly = createMiddleware<AppEnv>(async (c, next) => {
  await requireAdmin(c);
  await next();
});
