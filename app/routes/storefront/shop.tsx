import { CATEGORIES } from "../../../core/catalogue";
import { Listing } from "../../features/catalog/listing";
import { loadListingPage } from "../../features/catalog/listing.server";
import { categoryPath } from "../../features/catalog/paths";
import { pageMeta, shopFromMatches } from "../../features/catalog/seo";
import { appOf } from "../../lib/context.server";
import type { Route } from "./+types/shop";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadListingPage(appOf(context), request, {});
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    shop: shopFromMatches(matches),
    title: "Shop all products",
    description:
      "Every imported product in the shop, newest first: cash on delivery anywhere in Bangladesh.",
    path: "/shop",
  });
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  return (
    <Listing
      title="All Products"
      intro="Imported goods, newest first. Cash on delivery anywhere in Bangladesh."
      crumbs={[{ label: "Shop" }]}
      page={loaderData}
      related={{
        label: "Categories",
        links: CATEGORIES.map((c) => ({ label: c, to: categoryPath(c) })),
      }}
    />
  );
}
