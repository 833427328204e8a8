import { summary } from "~/app/features/catalogue/description";
import { productJsonLd, safeJsonForScript } from "~/app/features/catalogue/json-ld";
import { productPath } from "~/app/features/catalogue/paths";
import { loadProductPage } from "~/app/features/catalogue/product.server";
import { ProductView } from "~/app/features/catalogue/product-view";
import { notFoundMeta, pageMeta, shopFromMatches } from "~/app/features/catalogue/seo";
import { useRevalidateOnFocus } from "~/app/features/catalogue/use-revalidate-on-focus";
import { routeMessages, subCategoryKeys } from "~/app/i18n/catalog.server";
import { metaTranslator } from "~/app/i18n/use-i18n";
import { appOf } from "~/app/lib/context.server";
import { useRootData } from "~/app/lib/root-data";
import { inLang } from "~/core/locale";
import { priceShown } from "~/core/money";
import type { Route } from "./+types/product-details";

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await loadProductPage(appOf(context), params.id);
  const subs = subCategoryKeys([page.product.subCategory]);
  return { ...page, messages: routeMessages(context, "product", subs) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta(matches);
  const { product } = loaderData;
  const price = priceShown(product);
  const { t, taka, lang } = metaTranslator(matches);
  const name = inLang(lang, product.name, product.nameBn);
  return pageMeta({
    shop: shopFromMatches(matches),
    title: name,
    description:
      summary(inLang(lang, product.description, product.descriptionBn)) ||
      t("product.metaDescription", { name, price: taka(price) }),
    path: productPath(product._id),
    image: product.images[0],
    type: "product",
    extra: [
      { property: "product:price:amount", content: String(price) },
      { property: "product:price:currency", content: "BDT" },
    ],
  });
}

export default function ProductDetails({ loaderData }: Route.ComponentProps) {
  const { product, related, stock } = loaderData;
  const { shop } = useRootData();
  useRevalidateOnFocus();
  return (
    <>
      {/* Remount per product: a related product starts with image 0, no size or colour, quantity 1. */}
      <ProductView key={product._id} product={product} related={related} stock={stock} />
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by safeJsonForScript
        dangerouslySetInnerHTML={{ __html: safeJsonForScript(productJsonLd(product, shop)) }}
      />
    </>
  );
}
