import { Listing } from "~/app/features/catalogue/listing";
import { loadListingPage } from "~/app/features/catalogue/listing.server";
import { categoryPath } from "~/app/features/catalogue/paths";
import { pageMeta, shopFromMatches } from "~/app/features/catalogue/seo";
import { routeMessages } from "~/app/i18n/catalog.server";
import { categoryName } from "~/app/i18n/catalogue-names";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { appOf } from "~/app/lib/context.server";
import { CATEGORIES } from "~/core/catalogue";
import type { Route } from "./+types/shop";

/** The words of `/shop?search=…` (the header search's Enter), as the API's search limits them. */
function searchOf(request: Request): string {
  return (new URL(request.url).searchParams.get("search") ?? "").trim().slice(0, 100);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = searchOf(request);
  const page = await loadListingPage(appOf(context), request, {
    searchQuery: search || undefined,
  });
  return { page, search, messages: routeMessages(context, "shop") };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { t } = metaTranslator(matches);
  const search = loaderData?.search;
  if (search) {
    return [
      { title: `${t("shop.searchTitle", { search })} | ${shopFromMatches(matches).name}` },
      { name: "robots", content: "noindex" },
    ];
  }
  return pageMeta({
    shop: shopFromMatches(matches),
    title: t("shop.title"),
    description: t("shop.description"),
    path: "/shop",
  });
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { search } = loaderData;
  const { t } = useI18n();
  return (
    <Listing
      title={search ? t("shop.searchTitle", { search }) : t("shop.allProducts")}
      intro={search ? t("shop.searchIntro") : t("shop.intro")}
      crumbs={
        search
          ? [{ label: t("shop.crumb"), to: "/shop" }, { label: t("shop.search") }]
          : [{ label: t("shop.crumb") }]
      }
      page={loaderData.page}
      empty={search ? t("shop.noMatch", { search }) : undefined}
      related={{
        label: t("shop.categories"),
        links: CATEGORIES.map((c) => ({ label: categoryName(t, c), to: categoryPath(c) })),
      }}
    />
  );
}
