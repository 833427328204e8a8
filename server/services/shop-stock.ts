import { inArray } from "drizzle-orm";
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
  const unique = [...new Set(ids)].slice(0, 100);
  if (unique.length === 0) return {};
  const rows = await ctx.db
    .select({
      _id: products.id,
      sizes: products.sizes,
      colors: products.colors,
      trackStock: products.trackStock,
    })
    .from(products)
    .where(inArray(products.id, unique));
  return shopStockOfProducts(ctx, rows);
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
