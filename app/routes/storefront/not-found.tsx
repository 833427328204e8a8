import { data } from "react-router";
import { NotFoundContent } from "~/app/features/storefront/not-found-content";
import { metaTranslator } from "~/app/i18n/use-i18n";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

/** A form sent to a path no page has: the same 404 page (React Router would answer 405). */
export function action() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  const shop = (matches[0]?.loaderData as { shop?: { name: string } } | undefined)?.shop?.name;
  const { t } = metaTranslator(matches);
  return [
    { title: `${t("notFound.title")} | ${shop ?? "Haat"}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function NotFound() {
  return <NotFoundContent />;
}
