import { Outlet } from "react-router";
import { DashboardError } from "~/app/features/account/dashboard-error";

/**
 * Every dashboard page, inside the layout's frame (app/routes.ts). It holds their error page:
 * when a page's action refuses (a customer posting to an admin's page), React Router runs the
 * loaders above the boundary only, so a boundary here keeps the layout's loader, its words and
 * its title for the error page; the layout's own boundary would have gone without them.
 */
export default function DashboardPages() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <DashboardError framed />;
}
