import { data } from "react-router";
import { notFoundMeta } from "~/app/features/catalogue/seo";
import { NotFoundContent } from "~/app/features/storefront/not-found-content";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

/** A form sent to a path no page has: the same 404 page (React Router would answer 405). */
export function action() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  return notFoundMeta(matches);
}

export default function NotFound() {
  return <NotFoundContent />;
}
