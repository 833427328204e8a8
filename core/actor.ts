import type { Role } from "./order-status";

/**
 * Who is calling, for a page or an API route: the one identity every service takes. Pages and
 * the API establish it once per request (app/lib/context.server.ts, server/http/caller.ts); the
 * services decide what it may read and change.
 */
export type Actor = {
  userId: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
};

/** The stored role as a Role: anything but "admin" is a customer (the safe default). */
export function roleOf(stored: unknown): Role {
  return stored === "admin" ? "admin" : "customer";
}

/** A user row (ours or Better Auth's session user) as an Actor. */
export function toActor(user: {
  id: string;
  email: string;
  name: string;
  role?: unknown;
  emailVerified: boolean;
}): Actor {
  return {
    userId: user.id,
    email: user.email.toLowerCase(),
    name: user.name,
    role: roleOf(user.role),
    emailVerified: user.emailVerified,
  };
}
