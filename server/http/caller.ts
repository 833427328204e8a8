import type { Context } from "hono";
import type { Role } from "../../core/order-status";
import { AppError } from "../errors";
import type { AppEnv } from "./env";

/** Who is calling an API route: the signed-in user, or null for an anonymous caller. */
export type Caller = {
  userId: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
};

/** The caller from the session cookie. The accounts issue adds bearer tokens (POST /api/jwt). */
export async function getCaller(c: Context<AppEnv>): Promise<Caller | null> {
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
