import type { MetaDescriptor } from "react-router";
import type { ShopInfo } from "~/core/shop";
import { absoluteUrl } from "./paths";

const FALLBACK_SHOP = { name: "Haat", publicUrl: "http://localhost:3000" };

/** The shop (name, public URL) from the root loader, as a route's `meta` sees it. */
export function shopFromMatches(matches: readonly unknown[]): Pick<ShopInfo, "name" | "publicUrl"> {
  for (const m of matches) {
    const match = m as { id?: string; loaderData?: { shop?: ShopInfo } } | undefined;
    if (match?.id === "root" && match.loaderData?.shop) return match.loaderData.shop;
  }
  return FALLBACK_SHOP;
}

/** Title, description, canonical URL and the OpenGraph/Twitter tags of one page. */
export function pageMeta(options: {
  shop: Pick<ShopInfo, "name" | "publicUrl">;
  title: string;
  description: string;
  path: string;
  image?: string;
  type?: "website" | "product";
  extra?: MetaDescriptor[];
}): MetaDescriptor[] {
  const { shop } = options;
  const url = absoluteUrl(shop.publicUrl, options.path);
  const title = `${options.title} | ${shop.name}`;
  const image = options.image ? absoluteUrl(shop.publicUrl, options.image) : undefined;
  return [
    { title },
    { name: "description", content: options.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: shop.name },
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

export const NOT_FOUND_META: MetaDescriptor[] = [
  { title: "Oops! Page Not Found" },
  { name: "robots", content: "noindex" },
];
