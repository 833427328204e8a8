import { data } from "react-router";
import { Listing } from "~/app/features/catalogue/listing";
import { loadListingPage } from "~/app/features/catalogue/listing.server";
import { categoryPath, subCategoryPath } from "~/app/features/catalogue/paths";
import { notFoundMeta, pageMeta, shopFromMatches } from "~/app/features/catalogue/seo";
import { routeMessages, subCategoryKeys } from "~/app/i18n/catalog.server";
import { categoryName, subCategoryName } from "~/app/i18n/catalogue-names";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { appOf } from "~/app/lib/context.server";
import { refusalInit } from "~/app/lib/page-error.server";
import { findSubCategory, SUB_CATEGORIES } from "~/core/catalogue";
import type { Route } from "./+types/sub-category";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // Spec §2: the path value is the lowercased sub-category; the catalogue maps it back.
  const found = findSubCategory(params.subCategory);
  if (!found) throw data(null, refusalInit(404));
  const page = await loadListingPage(appOf(context), request, { subCategory: found.subCategory });
  const subs = subCategoryKeys(SUB_CATEGORIES[found.category]);
  return { ...found, page, messages: routeMessages(context, "category", subs) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta(matches);
  const { category, subCategory } = loaderData;
  const { t } = metaTranslator(matches);
  const names = {
    subCategory: subCategoryName(t, subCategory),
    category: categoryName(t, category),
  };
  return pageMeta({
    shop: shopFromMatches(matches),
    title: `${names.subCategory} - ${names.category}`,
    description: t("subCategory.description", names),
    path: subCategoryPath(subCategory),
  });
}

export default function SubCategory({ loaderData }: Route.ComponentProps) {
  const { category, subCategory, page } = loaderData;
  const { t } = useI18n();
  return (
    <Listing
      title={subCategoryName(t, subCategory)}
      crumbs={[
        { label: t("shop.crumb"), to: "/shop" },
        { label: categoryName(t, category), to: categoryPath(category) },
        { label: subCategoryName(t, subCategory) },
      ]}
      page={page}
      related={{
        label: t("category.subs", { category: categoryName(t, category) }),
        links: SUB_CATEGORIES[category].map((s) => ({
          label: subCategoryName(t, s),
          to: subCategoryPath(s),
          current: s === subCategory,
        })),
      }}
    />
  );
}
