import { data } from "react-router";
import { NotFoundContent } from "~/app/features/storefront/not-found-content";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  const shop = (matches[0]?.loaderData as { shop?: { name: string } } | undefined)?.shop?.name;
  return [
    { title: `Oops! Page Not Found | ${shop ?? "Haat"}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function NotFound() {
  return <NotFoundContent />;
}
