import { CategoryMenu } from "~/app/features/storefront/category-menu";
import { CategoryTiles } from "~/app/features/storefront/category-tiles";
import { CheapItems } from "~/app/features/storefront/cheap-items";
import { MostPopular } from "~/app/features/storefront/most-popular";
import { ProductCarousel } from "~/app/features/storefront/product-carousel";
import { SectionHeading } from "~/app/features/storefront/section-heading";
import { Slider } from "~/app/features/storefront/slider";
import { WelcomeBanner } from "~/app/features/storefront/welcome-banner";
import { routeMessages } from "~/app/i18n/catalog.server";
import { pathInLang } from "~/app/i18n/paths";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { appOf } from "~/app/lib/context.server";
import { homePageData } from "~/app/lib/home.server";
import type { PageHandle } from "~/app/lib/page-handle";
import { useRootData } from "~/app/lib/root-data";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  return { ...(await homePageData(appOf(context))), messages: routeMessages(context, "home") };
}

/** The welcome is Bengali on an English home too: its face is asked for from <head> (app/root.tsx). */
export const handle: PageHandle = { bengaliOnFirstScreen: true };

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as { shop?: { name: string; publicUrl: string } } | undefined;
  const shop = root?.shop?.name ?? "Haat";
  const base = (root?.shop?.publicUrl ?? "").replace(/\/$/, "");
  const { t, lang } = metaTranslator(matches);
  const title = t("home.title", { shop });
  const DESCRIPTION = t("home.description");
  const url = `${base}${pathInLang("/", lang)}`;
  const image = loaderData?.slides[0]?.image;
  const absolute = (src: string) => (/^https?:\/\//.test(src) ? src : `${base}${src}`);
  return [
    { title },
    { name: "description", content: DESCRIPTION },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: shop },
    { property: "og:title", content: title },
    { property: "og:description", content: DESCRIPTION },
    { property: "og:url", content: url },
    { property: "og:locale", content: lang === "bn" ? "bn_BD" : "en_US" },
    ...(image
      ? [
          { property: "og:image", content: absolute(image) },
          { property: "og:image:width", content: "900" },
          { property: "og:image:height", content: "450" },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { slides, bestSelling, newArrivals, popular, cheap } = loaderData;
  const { shop } = useRootData();
  const { t } = useI18n();
  return (
    <main>
      <h1 className="sr-only">{t("home.h1", { shop: shop.name })}</h1>
      <WelcomeBanner shopName={shop.name} phone={shop.phone} />
      <div className="mx-auto max-w-[1200px] px-3">
        <div className="mt-4 grid gap-4 lg:grid-cols-[260px_minmax(0,1fr)] lg:items-start">
          <CategoryMenu />
          <Slider slides={slides} />
        </div>

        {bestSelling.products.length > 0 ? (
          <section
            id="best_selling_products"
            aria-labelledby="best_selling_products-heading"
            className="mt-10"
          >
            <SectionHeading id="best_selling_products-heading">
              {t("home.bestSelling")}
            </SectionHeading>
            <ProductCarousel
              label={t("home.bestSelling")}
              productType="Best Selling"
              initial={bestSelling}
            />
          </section>
        ) : null}

        <MostPopular initial={popular} />

        {newArrivals.products.length > 0 ? (
          <section id="new_arrivals" aria-labelledby="new_arrivals-heading" className="mt-10">
            <SectionHeading id="new_arrivals-heading">{t("home.newArrivals")}</SectionHeading>
            <ProductCarousel
              label={t("home.newArrivals")}
              productType="New Arrivals"
              initial={newArrivals}
            />
          </section>
        ) : null}

        <CheapItems initial={cheap} />
        <CategoryTiles />
      </div>
    </main>
  );
}
