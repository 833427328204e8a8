import type { MetaDescriptor } from "react-router";
import { pathInLang } from "~/app/i18n/paths";
import { metaTranslator } from "~/app/i18n/use-i18n";
import { DEFAULT_LANG, type Lang, parseLang } from "~/core/locale";
import type { ShopInfo } from "~/core/shop";
import { absoluteUrl } from "./paths";

/** The shop as a page's `meta` needs it, with the page's language (canonical URLs differ). */
export type MetaShop = Pick<ShopInfo, "name" | "publicUrl"> & { lang: Lang };

const FALLBACK_SHOP: MetaShop = {
  name: "Haat",
  publicUrl: "http://localhost:3000",
  lang: DEFAULT_LANG,
};

/** The shop (name, public URL) and language from the root loader, as a route's `meta` sees it. */
export function shopFromMatches(matches: readonly unknown[]): MetaShop {
  for (const m of matches) {
    const match = m as { id?: string; loaderData?: { shop?: ShopInfo; lang?: string } } | undefined;
    if (match?.id === "root" && match.loaderData?.shop) {
      const { name, publicUrl } = match.loaderData.shop;
      return { name, publicUrl, lang: parseLang(match.loaderData.lang) ?? DEFAULT_LANG };
    }
  }
  return FALLBACK_SHOP;
}

/** Title, description, canonical URL and the OpenGraph/Twitter tags of one page. */
export function pageMeta(options: {
  shop: MetaShop;
  title: string;
  description: string;
  path: string;
  image?: string;
  type?: "website" | "product";
  extra?: MetaDescriptor[];
}): MetaDescriptor[] {
  const { shop } = options;
  // A Bengali page's canonical address is its ?lang=bn one (the hreflang alternates' own).
  const url = absoluteUrl(shop.publicUrl, pathInLang(options.path, shop.lang));
  const title = `${options.title} | ${shop.name}`;
  const image = options.image ? absoluteUrl(shop.publicUrl, options.image) : undefined;
  return [
    { title },
    { name: "description", content: options.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: shop.name },
    { property: "og:locale", content: shop.lang === "bn" ? "bn_BD" : "en_US" },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:title", content: options.title },
    { property: "og:description", content: options.description },
    { property: "og:url", content: url },
    ...(image
      ? [
          { property: "og:image", content: image },
          { property: "og:image:width", content: "450" },
          { property: "og:image:height", content: "450" },
          { property: "og:image:alt", content: options.title },
        ]
      : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    ...(options.extra ?? []),
  ];
}

/** The title of a page that is not there (a refused product or category), in its language. */
export function notFoundMeta(matches: readonly unknown[]): MetaDescriptor[] {
  return [
    { title: `${metaTranslator(matches).t("notFound.title")} | ${shopFromMatches(matches).name}` },
    { name: "robots", content: "noindex" },
  ];
}
