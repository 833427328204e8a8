import { useRouteLoaderData } from "react-router";
import type { Actor } from "~/core/actor";

/** The signed-in user the dashboard layout's guard loaded (every /dashboard page has one). */
export function useDashboardUser(): Actor {
  const data = useRouteLoaderData("routes/dashboard/layout") as { user: Actor } | undefined;
  if (!data) throw new Error("useDashboardUser is only for pages under /dashboard");
  return data.user;
}
