import { and, asc, eq, gt, ilike, or, type SQL } from "drizzle-orm";
import type { Actor } from "~/core/actor";
import { ROLES, type Role } from "~/core/order-status";
import type { UserQuery } from "~/core/schemas";
import type { Db } from "../db/client";
import { encodeCursor, newerThan } from "../db/keyset";
import { session, user } from "../db/schema";
import { AppError } from "../errors";

export type UserSummary = {
  _id: string;
  name: string;
  email: string;
  role: Role;
  emailVerified: boolean;
  createdAt: string;
};

function summary(row: typeof user.$inferSelect): UserSummary {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
  };
}

export type UserPage = { data: UserSummary[]; nextCursor: string | null };

/** Oldest first, keyset-paginated; `search` is a case-insensitive part of the name or email. */
export async function listUsers(db: Db, query: Partial<UserQuery> = {}): Promise<UserPage> {
  const limit = query.limit ?? 100;
  const where: (SQL | undefined)[] = [];
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, "\\$&")}%`;
    where.push(or(ilike(user.name, pattern), ilike(user.email, pattern)));
  }
  if (query.cursor) where.push(newerThan(user.createdAt, user.id, query.cursor));
  const rows = await db
    .select()
    .from(user)
    .where(and(...where))
    .orderBy(asc(user.createdAt), asc(user.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(summary),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(user).where(eq(user.id, id)).limit(1);
  return row ?? null;
}

/**
 * The user of a live sign-in session: the session exists, has not expired and is this user's.
 * API tokens name their session, so ending it (sign-out, password reset, role change, deleted
 * account) ends the tokens issued to it.
 */
export async function findUserBySession(db: Db, sessionId: string, userId: string) {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      emailVerified: user.emailVerified,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(
      and(eq(session.id, sessionId), eq(session.userId, userId), gt(session.expiresAt, new Date())),
    )
    .limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Locks every admin row, then the target row, for the rest of the transaction. Two admins
 * demoting each other at once queue up here, and the second sees the first one's change
 * (PostgreSQL re-checks `role = 'admin'` after the lock wait), so one admin always remains.
 */
async function lockAdminsAndTarget(tx: Tx, userId: string) {
  const admins = await tx
    .select({ id: user.id })
    .from(user)
    .where(eq(user.role, "admin"))
    .orderBy(asc(user.id))
    .for("update");
  const [target] = await tx.select().from(user).where(eq(user.id, userId)).for("update");
  if (!target) throw AppError.notFound("User");
  return { admins, target };
}

/**
 * Admin only: promote or demote a user. The last admin cannot be demoted (409). A change ends
 * the user's sessions, and with them every API token issued to them: the new role starts with
 * a new sign-in (decision 029).
 */
export async function setUserRole(
  db: Db,
  actor: Pick<Actor, "userId" | "role">,
  userId: string,
  role: Role | string,
): Promise<UserSummary> {
  if (actor.role !== "admin") throw new AppError("forbidden", "Only admins may change roles");
  // A page form sends the role as text: the same check the API's schema makes.
  if (!isRole(role)) {
    throw new AppError("invalid", "Some fields are not valid", [
      { path: "role", message: "Role must be admin or customer" },
    ]);
  }
  return db.transaction(async (tx) => {
    const { admins, target } = await lockAdminsAndTarget(tx, userId);
    if (target.role === role) return summary(target);
    if (target.role === "admin" && role !== "admin" && admins.length <= 1) {
      throw new AppError(
        "conflict",
        "The last admin cannot be demoted: promote another admin first",
      );
    }
    const [row] = await tx.update(user).set({ role }).where(eq(user.id, userId)).returning();
    await tx.delete(session).where(eq(session.userId, userId));
    return summary(row as typeof user.$inferSelect);
  });
}

/**
 * Deletes an account: an admin may delete anyone, a user only themself. The sign-in (sessions,
 * linked accounts, password) and profile go; orders stay with their customer email and lose
 * only the link to the user (orders.user_id ON DELETE SET NULL). The last admin cannot go (409).
 */
export async function deleteUser(
  db: Db,
  actor: Pick<Actor, "userId" | "role">,
  userId: string,
): Promise<void> {
  if (actor.role !== "admin" && actor.userId !== userId) {
    throw new AppError("forbidden", "You may only delete your own account");
  }
  await db.transaction(async (tx) => {
    const { admins, target } = await lockAdminsAndTarget(tx, userId);
    if (target.role === "admin" && admins.length <= 1) {
      throw new AppError(
        "conflict",
        "The last admin cannot be deleted: promote another admin first",
      );
    }
    await tx.delete(user).where(eq(user.id, userId));
  });
}

/**
 * POST /api/postUser: records the caller's own profile (display name). Idempotent; the role is
 * never taken from the request — a new profile is a customer and an existing role is kept.
 */
export async function recordOwnProfile(
  db: Db,
  actor: Pick<Actor, "userId" | "role">,
  input: { name: string },
): Promise<{ insertedId: string }> {
  const name = input.name.trim();
  const [row] = name
    ? await db
        .update(user)
        .set({ name })
        .where(eq(user.id, actor.userId))
        .returning({ id: user.id })
    : await db.select({ id: user.id }).from(user).where(eq(user.id, actor.userId));
  if (!row) throw new AppError("unauthorized", "Sign in first");
  return { insertedId: row.id };
}
