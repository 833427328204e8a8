import { data, Link } from "react-router";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import type { Route } from "./+types/not-found";

/** Any /dashboard path no page answers: a 404 inside the dashboard, with its menu still there. */
export function loader() {
  return data(null, { status: 404 });
}

/** A form sent to a path no page has: the same 404 page (React Router would answer 405). */
export function action() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaTranslator(matches);
  return [
    { title: t("dash.layout.pageTitle", { page: t("notFound.title") }) },
    { name: "robots", content: "noindex" },
  ];
}

export default function DashboardNotFound() {
  const { t, count } = useI18n();
  return (
    <section className="mx-auto max-w-xl py-12 text-center">
      <p className="text-6xl font-bold text-base-content/60">{count(404)}</p>
      <h1 className="mt-4 text-3xl font-bold">{t("notFound.title")}</h1>
      <p className="mt-4 text-base-content/80">{t("dash.layout.notFound.text")}</p>
      <Link className="btn btn-primary mt-8" to="/dashboard">
        {t("dash.layout.title")}
      </Link>
    </section>
  );
}
