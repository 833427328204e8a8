import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { useI18n } from "~/app/i18n/use-i18n";
import { firstPageOf, isBadListCursor } from "~/app/lib/list-cursor";

/**
 * The error page of the dashboard: 403 for a customer on an admin's page, 404, or a failure.
 * `framed`: inside the dashboard's frame (routes/dashboard/pages.tsx), whose loader has sent
 * the dashboard's words, whether a page's loader or its action refused. Without the frame (the
 * layout's own loader failed) those words are not there, and the page says them in English.
 */
export function DashboardError({ framed }: { framed: boolean }) {
  const error = useRouteError();
  const { t, count } = useI18n();
  const say = (key: Parameters<typeof t>[0], english: string) => {
    const text = t(key);
    return text === key ? english : text;
  };
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const forbidden = status === 403;
  // A table's "next page" link the server refused: its first page, not "try again".
  const body: ReactNode = isBadListCursor(error) ? (
    <>
      <h1 className="text-3xl font-bold">{t("error.listPage.title")}</h1>
      <p className="mt-4 text-base-content/80">{t("error.listPage.text")}</p>
      <div className="mt-8 flex justify-center gap-3">
        <Link className="btn btn-primary" to={firstPageOf(location)}>
          {t("error.listPage.first")}
        </Link>
        <Link className="btn btn-outline" to="/dashboard">
          {t("account.dashboard")}
        </Link>
      </div>
    </>
  ) : (
    <>
      <p className="text-6xl font-bold text-base-content/60">{count(status)}</p>
      <h1 className="mt-4 text-3xl font-bold">
        {forbidden
          ? say("dash.layout.error.forbidden", "You do not have access to this page")
          : status === 404
            ? t("notFound.title")
            : t("error.title")}
      </h1>
      <p className="mt-4 text-base-content/80">
        {forbidden
          ? say(
              "dash.layout.error.forbiddenText",
              "This part of the dashboard is for the shop's admins.",
            )
          : status === 404
            ? // A record that is not there (deleted, or a wrong link): waiting will not bring it.
              say(
                "dash.layout.error.missing",
                "It may have been deleted, or the link to it is wrong.",
              )
            : say("dash.layout.error.retry", "Please try again in a moment.")}
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Link className="btn btn-primary" to="/dashboard">
          {t("account.dashboard")}
        </Link>
        <Link className="btn btn-outline" to="/">
          {say("dash.layout.goHome", "Go To Home")}
        </Link>
      </div>
    </>
  );
  // In the frame, the layout's <main id="content"> holds it (as it holds the dashboard's 404).
  if (framed) return <section className="mx-auto max-w-xl py-12 text-center">{body}</section>;
  return (
    <main id="content" className="mx-auto max-w-[1200px] px-4 py-16 text-center">
      {body}
    </main>
  );
}
