import { data, redirect } from "react-router";
import type { SessionUser } from "../../core/session-user";
import { sessionUser } from "./session.server";

/** The page the request is for, as a path to come back to (without React Router's .data suffix). */
function requestedPath(request: Request): string {
  const url = new URL(request.url);
  const pathname = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "/") || "/";
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return pathname + (search ? `?${search}` : "");
}

/** A signed-in user, or a redirect to the login page that comes back here afterwards. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await sessionUser(request);
  if (!user) {
    throw redirect(
      `/authentication/login?redirectTo=${encodeURIComponent(requestedPath(request))}`,
    );
  }
  return user;
}

export const FORBIDDEN_PAGE_MESSAGE = "You do not have access to this page";

/** An admin, a redirect to login for a guest, or a 403 page for a customer. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== "admin") throw data({ message: FORBIDDEN_PAGE_MESSAGE }, { status: 403 });
  return user;
}
