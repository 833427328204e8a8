import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Role } from "../../core/order-status";
import { verifyApiToken } from "../auth/api-token";
import { AppError } from "../errors";
import { findUserById } from "../services/users";
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

/**
 * The caller from an `Authorization: Bearer <token from POST /api/jwt>` header, else from the
 * session cookie. A token only names the user: the user row is read on every call, so a role
 * change or a deleted account takes effect at once. A bad or expired token is anonymous (401).
 */
export async function getCaller(c: Context<AppEnv>): Promise<Caller | null> {
  const authorization = c.req.header("authorization");
  const bearer = authorization ? BEARER.exec(authorization.trim()) : null;
  if (bearer) {
    const claims = await verifyApiToken(c.var.app.apiTokenKey, bearer[1] as string);
    if (!claims) return null;
    const row = await findUserById(c.var.app.db, claims.sub);
    if (!row || row.email.toLowerCase() !== claims.email.toLowerCase()) return null;
    return {
      userId: row.id,
      email: row.email.toLowerCase(),
      name: row.name,
      role: row.role === "admin" ? "admin" : "customer",
      emailVerified: row.emailVerified,
    };
  }
  const session = await c.var.app.auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) return null;
  const u = session.user as typeof session.user & { role?: string };
  return {
    userId: u.id,
    email: u.email.toLowerCase(),
    name: u.name,
    role: u.role === "admin" ? "admin" : "customer",
    emailVerified: u.emailVerified,
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
