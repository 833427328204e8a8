import { data } from "react-router";
import type { Product } from "../../../core/schemas";
import { AppError } from "../../../server/errors";
import { getProduct, relatedProducts } from "../../../server/services/products";
import { type CardProduct, toCardProduct } from "../../components/product-card";
import { serverContext } from "../../lib/server-context.server";

/** The product and up to 10 related products (same category); an unknown id answers 404. */
export async function loadProductPage(
  id: string,
): Promise<{ product: Product; related: CardProduct[] }> {
  const ctx = await serverContext();
  try {
    return await ctx.catalogueCache.get(`product-page:${id}`, async () => {
      const product = await getProduct(ctx.db, id);
      const related = await relatedProducts(ctx.db, product);
      return { product, related: related.map(toCardProduct) };
    });
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") throw data(null, { status: 404 });
    throw err;
  }
}
