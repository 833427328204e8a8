import type { Role } from "./order-status";

/** The signed-in user as pages see it (spec §3 session user, plus the role the dashboard needs). */
export type SessionUser = {
  id: string;
  email: string;
  displayName: string;
  role: Role;
  emailVerified: boolean;
};
