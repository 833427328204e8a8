import { isRated } from "~/core/catalogue";
import { priceShown } from "~/core/money";
import type { Product } from "~/core/schemas";
import { absoluteUrl, productPath } from "./paths";

/**
 * JSON for an inline <script>: "<", ">", "&" and the JavaScript line separators are escaped
 * so no text (a product name with "</script>") can end the script element.
 */
export function safeJsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** schema.org Product with the price in taka (BDT). */
export function productJsonLd(
  product: Product,
  shop: { name: string; publicUrl: string },
): Record<string, unknown> {
  const url = absoluteUrl(shop.publicUrl, productPath(product._id));
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: product._id,
    category: `${product.category} > ${product.subCategory}`,
    url,
    image: product.images.map((i) => absoluteUrl(shop.publicUrl, i)),
    ...(isRated(product)
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.ratings,
            reviewCount: product.reviews,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    offers: {
      "@type": "Offer",
      url,
      price: priceShown(product),
      priceCurrency: "BDT",
      availability: "https://schema.org/InStock",
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: shop.name },
    },
  };
}
