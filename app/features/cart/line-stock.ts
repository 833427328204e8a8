import { useEffect, useState } from "react";
import { NOT_APPLICABLE } from "~/core/cart-lines";
import { type StockLevel, sameVariant } from "~/core/stock";

/** Pieces on hand per product (`null`: not tracked), as the `cart-stock` loader answers. */
export type StockByProduct = Record<string, StockLevel[] | null>;

type Line = { id: string; size: string; color: string; quantity: number };

/**
 * Pieces left of a line's size and colour, or null when not known: stock not read yet, not
 * tracked, or a size and colour the product does not offer (the order's own checks answer that).
 */
export function leftOf(stock: StockByProduct | undefined, line: Line): number | null {
  const variant = { size: line.size || NOT_APPLICABLE, color: line.color || NOT_APPLICABLE };
  const level = stock?.[line.id]?.find((l) => sameVariant(l, variant));
  return level ? Math.max(0, level.quantity) : null;
}

/** What a line's notice says when it asks for more than is left; null when it fits. */
export function shortfallOf(
  stock: StockByProduct | undefined,
  line: Line,
): { left: number; text: string } | null {
  const left = leftOf(stock, line);
  if (left === null || line.quantity <= left) return null;
  return { left, text: left === 0 ? "Out of stock" : `Only ${left} left` };
}

/** The `cart-stock` URL of these products. */
export function cartStockUrl(ids: readonly string[]): string {
  const params = new URLSearchParams();
  for (const id of [...new Set(ids)].sort()) params.append("product", id);
  return `/cart-stock?${params}`;
}

/**
 * The stock of the lines' products, read through the `cart-stock` loader once the lines are known
 * and again when they change (undefined until it answers).
 */
export function useLineStock(ids: readonly string[]): StockByProduct | undefined {
  return useLineProducts(ids)?.stock;
}

/** Unit prices the shop sells the products at now, by product id (the `cart-stock` loader). */
export type PriceByProduct = Record<string, number>;

type LineProducts = { stock: StockByProduct; prices: PriceByProduct };

/**
 * `useLineStock` with the products' current prices beside their stock. A plain fetch of the
 * loader's JSON, not a fetcher: a fetcher's failed load (a dropped mobile connection) would put
 * the whole cart or checkout behind the route's error page, where this read failing only means
 * the page does without it, as before it answered.
 */
export function useLineProducts(ids: readonly string[]): LineProducts | undefined {
  const url = ids.length > 0 ? cartStockUrl(ids) : null;
  const [read, setRead] = useState<{ url: string; data: LineProducts }>();
  useEffect(() => {
    if (!url) return;
    const abort = new AbortController();
    fetch(url, { signal: abort.signal, headers: { accept: "application/json" } })
      .then((res) => (res.ok ? (res.json() as Promise<LineProducts>) : undefined))
      .then((data) => {
        if (data) setRead({ url, data });
      })
      .catch(() => {});
    return () => abort.abort();
  }, [url]);
  return url ? read?.data : undefined;
}
