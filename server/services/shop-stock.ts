import { inArray } from "drizzle-orm";
import { priceShown } from "~/core/money";
import type { StockLevel } from "~/core/stock";
import type { AppContext } from "../app-context";
import { products } from "../db/schema";
import { cachedStockOf, type StockSubject } from "./stock";

/**
 * What the shop tells a customer about products' stock: pieces on hand per variant of each
 * tracked product, `null` for one not tracked (always available). Unknown ids are left out.
 * Read through the catalogue cache's stock entries, so it stays current after every order.
 */
export async function shopStockOf(
  ctx: Pick<AppContext, "db" | "catalogueCache">,
  ids: readonly string[],
): Promise<Record<string, StockLevel[] | null>> {
  return (await cartProductsOf(ctx, ids)).stock;
}

/**
 * What the cart's page asks of its lines' products (the `cart-stock` loader): their stock as
 * `shopStockOf` says it, and the price each is sold at now, so a cart filled days ago shows
 * today's prices before checkout. Unknown ids are left out of both.
 */
export async function cartProductsOf(
  ctx: Pick<AppContext, "db" | "catalogueCache">,
  ids: readonly string[],
): Promise<{ stock: Record<string, StockLevel[] | null>; prices: Record<string, number> }> {
  const unique = [...new Set(ids)].slice(0, 100);
  if (unique.length === 0) return { stock: {}, prices: {} };
  const rows = await ctx.db
    .select({
      _id: products.id,
      sizes: products.sizes,
      colors: products.colors,
      trackStock: products.trackStock,
      originalPrice: products.originalPrice,
      offerPrice: products.offerPrice,
    })
    .from(products)
    .where(inArray(products.id, unique));
  return {
    stock: await shopStockOfProducts(ctx, rows),
    prices: Object.fromEntries(rows.map((r) => [r._id, priceShown(r)])),
  };
}

/** `shopStockOf` for products already read (their sizes, colours and tracking). */
export async function shopStockOfProducts(
  ctx: Pick<AppContext, "db" | "catalogueCache">,
  list: readonly (StockSubject & { trackStock: boolean })[],
): Promise<Record<string, StockLevel[] | null>> {
  const tracked = list.filter((p) => p.trackStock);
  const levels = tracked.length > 0 ? await cachedStockOf(ctx, tracked) : new Map();
  return Object.fromEntries(
    list.map((p) => [p._id, p.trackStock ? (levels.get(p._id) ?? []) : null]),
  );
}
