import { data } from "react-router";
import { Listing } from "~/app/features/catalogue/listing";
import { loadListingPage } from "~/app/features/catalogue/listing.server";
import { categoryPath, subCategoryPath } from "~/app/features/catalogue/paths";
import { NOT_FOUND_META, pageMeta, shopFromMatches } from "~/app/features/catalogue/seo";
import { appOf } from "~/app/lib/context.server";
import { findSubCategory, SUB_CATEGORIES } from "~/core/catalogue";
import type { Route } from "./+types/sub-category";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // Spec §2: the path value is the lowercased sub-category; the catalogue maps it back.
  const found = findSubCategory(params.subCategory);
  if (!found) throw data(null, { status: 404 });
  const page = await loadListingPage(appOf(context), request, { subCategory: found.subCategory });
  return { ...found, page };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return NOT_FOUND_META;
  const { category, subCategory } = loaderData;
  return pageMeta({
    shop: shopFromMatches(matches),
    title: `${subCategory} - ${category}`,
    description: `Shop ${subCategory} (${category}) in Bangladesh, newest first, with cash on delivery.`,
    path: subCategoryPath(subCategory),
  });
}

export default function SubCategory({ loaderData }: Route.ComponentProps) {
  const { category, subCategory, page } = loaderData;
  return (
    <Listing
      title={subCategory}
      crumbs={[
        { label: "Shop", to: "/shop" },
        { label: category, to: categoryPath(category) },
        { label: subCategory },
      ]}
      page={page}
      related={{
        label: `${category} sub-categories`,
        links: SUB_CATEGORIES[category].map((s) => ({
          label: s,
          to: subCategoryPath(s),
          current: s === subCategory,
        })),
      }}
    />
  );
}
