import { data } from "react-router";
import { Listing } from "~/app/features/catalogue/listing";
import { loadListingPage } from "~/app/features/catalogue/listing.server";
import { categoryPath, subCategoryPath } from "~/app/features/catalogue/paths";
import { NOT_FOUND_META, pageMeta, shopFromMatches } from "~/app/features/catalogue/seo";
import { appOf } from "~/app/lib/context.server";
import { normalizeCategory, SUB_CATEGORIES } from "~/core/catalogue";
import type { Route } from "./+types/category";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const category = normalizeCategory(params.categoryName);
  if (!category) throw data(null, { status: 404 });
  const page = await loadListingPage(appOf(context), request, { category });
  return { category, page };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return NOT_FOUND_META;
  const { category } = loaderData;
  return pageMeta({
    shop: shopFromMatches(matches),
    title: category,
    description: `Shop ${category} in Bangladesh: ${SUB_CATEGORIES[category].slice(0, 5).join(", ")} and more, with cash on delivery.`,
    path: categoryPath(category),
  });
}

export default function Category({ loaderData }: Route.ComponentProps) {
  const { category, page } = loaderData;
  return (
    <Listing
      title={category}
      crumbs={[{ label: "Shop", to: "/shop" }, { label: category }]}
      page={page}
      related={{
        label: `${category} sub-categories`,
        links: SUB_CATEGORIES[category].map((s) => ({ label: s, to: subCategoryPath(s) })),
      }}
    />
  );
}
