import { buildSitemap, SITEMAP_PRODUCT_LIMIT } from "~/app/features/catalogue/sitemap";
import { appOf } from "~/app/lib/context.server";
import { shopInfo } from "~/app/lib/shop.server";
import { productSitemapEntries } from "~/server/services/products";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = appOf(context);
  const shop = shopInfo(ctx);
  const products = await productSitemapEntries(ctx.db, SITEMAP_PRODUCT_LIMIT);
  return new Response(buildSitemap(shop.publicUrl, products), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
