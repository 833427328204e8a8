import { productSitemapEntries } from "../../../server/services/products";
import { buildSitemap, SITEMAP_PRODUCT_LIMIT } from "../../features/catalog/sitemap";
import { serverContext } from "../../lib/server-context.server";
import { shopInfo } from "../../lib/shop.server";

export async function loader() {
  const [ctx, shop] = await Promise.all([serverContext(), shopInfo()]);
  const products = await productSitemapEntries(ctx.db, SITEMAP_PRODUCT_LIMIT);
  return new Response(buildSitemap(shop.publicUrl, products), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
