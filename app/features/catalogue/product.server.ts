import { type CardProduct, toCardProduct } from "~/app/components/product-card";
import { orPageError } from "~/app/lib/page-error.server";
import type { Product } from "~/core/schemas";
import type { StockLevel } from "~/core/stock";
import type { AppContext } from "~/server/app-context";
import { getProduct, relatedProducts } from "~/server/services/products";
import { shopStockOfProducts } from "~/server/services/shop-stock";
import { withStock } from "~/server/services/stock";

/**
 * The product, up to 10 related products (same category) and its pieces on hand per variant
 * (`null`: not tracked); an unknown id answers 404. The stock is read apart from the cached page,
 * so it is current after every order.
 */
export async function loadProductPage(
  ctx: AppContext,
  id: string,
): Promise<{ product: Product; related: CardProduct[]; stock: StockLevel[] | null }> {
  const page = await orPageError(
    ctx.catalogueCache.get(`product-page:${id}`, async () => {
      const product = await getProduct(ctx.db, id);
      const related = await relatedProducts(ctx.db, product);
      const cards = (await withStock(ctx.db, related)).map(toCardProduct);
      return { product, related: cards };
    }),
  );
  const stock = await shopStockOfProducts(ctx, [page.product]);
  return { ...page, stock: stock[page.product._id] ?? null };
}
