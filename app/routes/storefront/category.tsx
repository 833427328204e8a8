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
import { normalizeCategory, SUB_CATEGORIES } from "~/core/catalogue";
import type { Route } from "./+types/category";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const category = normalizeCategory(params.categoryName);
  if (!category) throw data(null, refusalInit(404));
  const page = await loadListingPage(appOf(context), request, { category });
  const messages = routeMessages(context, "category", subCategoryKeys(SUB_CATEGORIES[category]));
  return { category, page, messages };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta(matches);
  const { category } = loaderData;
  const { t } = metaTranslator(matches);
  const subs = SUB_CATEGORIES[category].slice(0, 5).map((s) => subCategoryName(t, s));
  return pageMeta({
    shop: shopFromMatches(matches),
    title: categoryName(t, category),
    description: t("category.description", {
      category: categoryName(t, category),
      subs: subs.join(", "),
    }),
    path: categoryPath(category),
  });
}

export default function Category({ loaderData }: Route.ComponentProps) {
  const { category, page } = loaderData;
  const { t } = useI18n();
  const name = categoryName(t, category);
  return (
    <Listing
      title={name}
      crumbs={[{ label: t("shop.crumb"), to: "/shop" }, { label: name }]}
      page={page}
      related={{
        label: t("category.subs", { category: name }),
        links: SUB_CATEGORIES[category].map((s) => ({
          label: subCategoryName(t, s),
          to: subCategoryPath(s),
        })),
      }}
    />
  );
}
