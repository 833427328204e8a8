import { listProducts } from "../../server/services/products";
import { serverContext } from "./server-context.server";

export async function newestProducts(limit: number) {
  const ctx = await serverContext();
  const page = await ctx.catalogueCache.get(`newest:${limit}`, () =>
    listProducts(ctx.db, { limit }),
  );
  return { products: page.data, shopName: ctx.config.SHOP_NAME };
}
