import { Link } from "react-router";
import { Breadcrumb } from "~/app/features/catalogue/breadcrumb";
import { pageMeta, shopFromMatches } from "~/app/features/catalogue/seo";
import { routeMessages } from "~/app/i18n/catalog.server";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { useRootData } from "~/app/lib/root-data";
import { DELIVERY_CHARGES } from "~/core/delivery";
import type { Route } from "./+types/about-us";

/** The page's own messages (decision 061); the page itself is static. */
export function loader({ context }: Route.LoaderArgs) {
  return { messages: routeMessages(context, "about") };
}

export function meta({ matches }: Route.MetaArgs) {
  const shop = shopFromMatches(matches);
  const { t } = metaTranslator(matches);
  return pageMeta({
    shop,
    title: t("about.title"),
    description: t("about.description", { shop: shop.name }),
    path: "/about-us",
  });
}

const PROMISES = ["chosen", "delivery", "cod", "return"] as const;

export default function AboutUs() {
  const { shop } = useRootData();
  const { t, taka } = useI18n();
  const charges = {
    inside: taka(DELIVERY_CHARGES["Inside Dhaka"]),
    outside: taka(DELIVERY_CHARGES["Outside Dhaka"]),
  };
  return (
    <main className="mx-auto max-w-[1200px] px-3 pt-3 pb-12 md:px-4">
      <Breadcrumb items={[{ label: t("about.title") }]} />
      <h1 className="mt-2 text-2xl font-bold md:text-3xl">{t("about.h1", { shop: shop.name })}</h1>
      <div className="mt-4 max-w-3xl space-y-4 text-base leading-relaxed">
        <p>{t("about.p1", { shop: shop.name })}</p>
        <p>
          {t("about.p2.before")}
          <Link to="/shop" className="link">
            {t("about.p2.shop")}
          </Link>
          {t("about.p2.after", { address: shop.address })}
        </p>
      </div>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {PROMISES.map((p) => (
          <li key={p} className="rounded-box border border-base-300 bg-base-200/50 p-5">
            <h2 className="text-lg font-semibold">{t(`about.${p}.title`)}</h2>
            <p className="mt-1 text-base-content/80">{t(`about.${p}.text`, charges)}</p>
          </li>
        ))}
      </ul>
      <p className="mt-8">
        <Link to="/contact-us" className="btn btn-primary">
          {t("about.contact")}
        </Link>
      </p>
    </main>
  );
}
