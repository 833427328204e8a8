import { useRouteLoaderData } from "react-router";
import type { SessionUser } from "../../../core/session-user";

/** The signed-in user the dashboard layout's guard loaded (every /dashboard page has one). */
export function useDashboardUser(): SessionUser {
  const data = useRouteLoaderData("routes/dashboard/layout") as { user: SessionUser } | undefined;
  if (!data) throw new Error("useDashboardUser is only for pages under /dashboard");
  return data.user;
}
