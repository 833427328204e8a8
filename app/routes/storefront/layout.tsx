import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import { ErrorContent, NotFoundContent } from "../../features/storefront/not-found-content";
import { StorefrontShell } from "../../features/storefront/shell";

export default function StorefrontLayout() {
  return (
    <StorefrontShell>
      <Outlet />
    </StorefrontShell>
  );
}

/** The storefront's error page: header and footer stay, so the visitor can go on shopping. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <StorefrontShell>
        <NotFoundContent />
      </StorefrontShell>
    );
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <StorefrontShell>
      <ErrorContent status={isRouteErrorResponse(error) ? error.status : undefined} />
    </StorefrontShell>
  );
}
