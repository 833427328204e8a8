import { isRouteErrorResponse, Outlet, useLocation, useRouteError } from "react-router";
import { notFoundMeta } from "~/app/features/catalogue/seo";
import { ErrorContent, NotFoundContent } from "~/app/features/storefront/not-found-content";
import { StorefrontShell } from "~/app/features/storefront/shell";
import { metaTranslator } from "~/app/i18n/use-i18n";
import { firstPageOf, isBadListCursor } from "~/app/lib/list-cursor";
import type { Route } from "./+types/layout";

export default function StorefrontLayout() {
  return (
    <StorefrontShell>
      <Outlet />
    </StorefrontShell>
  );
}

/**
 * The title of the storefront's error page. A page whose loader refused (an unknown product or
 * category) never gets its own meta: the boundary here is the page shown, so it names it.
 */
export function meta({ error, matches }: Route.MetaArgs) {
  if (!error) return [];
  if (isRouteErrorResponse(error) && error.status === 404) return notFoundMeta(matches);
  return [
    { title: metaTranslator(matches).t("error.title") },
    { name: "robots", content: "noindex" },
  ];
}

/** The storefront's error page: header and footer stay, so the visitor can go on shopping. */
export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
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
      <ErrorContent
        status={isRouteErrorResponse(error) ? error.status : undefined}
        firstPage={isBadListCursor(error) ? firstPageOf(location) : undefined}
      />
    </StorefrontShell>
  );
}
