import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Actor } from "~/core/actor";
import { actorFromApiToken, actorFromSession, sessionOf } from "../auth/actor";
import { AppError } from "../errors";
import type { AppEnv } from "./env";

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Who is calling an API route: the user of an `Authorization: Bearer <token from POST /api/jwt>`
 * header, else of the session cookie, else null (anonymous). A bad or expired token, or one whose
 * session has ended, is anonymous.
 */
export async function getCaller(c: Context<AppEnv>): Promise<Actor | null> {
  const authorization = c.req.header("authorization");
  const bearer = authorization ? BEARER.exec(authorization.trim()) : null;
  if (bearer) return actorFromApiToken(c.var.app, bearer[1] as string);
  return actorFromSession(c.var.app, c.req.raw.headers);
}

/** The caller from the session cookie alone (never a bearer token), with the session's id. */
export function getSessionCaller(c: Context<AppEnv>) {
  return sessionOf(c.var.app, c.req.raw.headers);
}

/** 401 without a signed-in user. */
export async function requireCaller(c: Context<AppEnv>): Promise<Actor> {
  const caller = c.var.caller ?? (await getCaller(c));
  if (!caller) throw new AppError("unauthorized", "Sign in first");
  return caller;
}

/**
 * Route middleware for routes that need a signed-in caller: checks before the request is
 * validated, so an anonymous caller gets 401 whatever they send (not 400 for a missing field).
 */
export const signedInOnly = createMiddleware<AppEnv>(async (c, next) => {
  c.set("caller", await requireCaller(c));
  await next();
});

/** 401 without a signed-in user, 403 for a customer. */
export async function requireAdmin(c: Context<AppEnv>): Promise<Actor> {
  const caller = await requireCaller(c);
  if (caller.role !== "admin") throw new AppError("forbidden", "Only admins may do this");
  return caller;
}

/**
 * Route middleware for admin-only routes: checks the caller before the body is validated, so an
 * anonymous caller gets 401 (and a customer 403) whatever they send.
 */
export const adminOnly = createMiddleware<AppEnv>(async (c, next) => {
  c.set("admin", await requireAdmin(c));
  await next();
});

/** The admin `adminOnly` established, for the service (which checks the role again). */
export function adminOf(c: Context<AppEnv>): Actor {
  const admin = c.var.admin;
  if (!admin) throw new Error("adminOf() on a route without the adminOnly middleware");
  return admin;
}
