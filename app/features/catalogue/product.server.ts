import { type CardProduct, toCardProduct } from "~/app/components/product-card";
import { orPageError } from "~/app/lib/page-error.server";
import type { Product } from "~/core/schemas";
import type { AppContext } from "~/server/app-context";
import { getProduct, relatedProducts } from "~/server/services/products";

/** The product and up to 10 related products (same category); an unknown id answers 404. */
export function loadProductPage(
  ctx: AppContext,
  id: string,
): Promise<{ product: Product; related: CardProduct[] }> {
  return orPageError(
    ctx.catalogueCache.get(`product-page:${id}`, async () => {
      const product = await getProduct(ctx.db, id);
      const related = await relatedProducts(ctx.db, product);
      return { product, related: related.map(toCardProduct) };
    }),
  );
}
