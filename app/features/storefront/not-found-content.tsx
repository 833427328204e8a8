import { Link } from "react-router";
import { useI18n } from "~/app/i18n/use-i18n";

/** Spec §2/§8: the unknown-page screen, shared by the catch-all route and the layout's error page. */
export function NotFoundContent() {
  const { t, count } = useI18n();
  return (
    <main className="mx-auto flex max-w-[1200px] flex-col items-center px-4 py-16 text-center">
      <p className="text-7xl font-black text-primary sm:text-8xl" aria-hidden="true">
        {count(404)}
      </p>
      <h1 className="mt-4 text-3xl font-bold">{t("notFound.title")}</h1>
      <p className="mt-3 max-w-md">{t("notFound.text")}</p>
      <Link className="btn btn-primary mt-8" to="/">
        {t("notFound.home")}
      </Link>
    </main>
  );
}

export function ErrorContent({
  status,
  message,
  firstPage,
}: {
  status?: number;
  message?: string;
  /** A list page whose `cursor` was refused: where its first page is (app/lib/list-cursor.ts). */
  firstPage?: string;
}) {
  const { t, count } = useI18n();
  const badPage = firstPage !== undefined;
  return (
    <main className="mx-auto flex max-w-[1200px] flex-col items-center px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{t(badPage ? "error.listPage.title" : "error.title")}</h1>
      <p className="mt-3 max-w-md">
        {badPage ? t("error.listPage.text") : (message ?? t("error.text"))}
      </p>
      {status && !badPage ? (
        <p className="mt-2 text-sm">{t("error.status", { status: count(status) })}</p>
      ) : null}
      <div className="mt-8 flex gap-3">
        {badPage ? (
          // Trying again would fail the same way: the list's first page instead.
          <Link className="btn btn-primary" to={firstPage}>
            {t("error.listPage.first")}
          </Link>
        ) : (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => window.location.reload()}
          >
            {t("error.retry")}
          </button>
        )}
        <Link className={badPage ? "btn btn-outline" : "btn btn-primary"} to="/">
          {t("notFound.home")}
        </Link>
      </div>
    </main>
  );
}
