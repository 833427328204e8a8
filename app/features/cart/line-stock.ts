import { useEffect, useState } from "react";
import { NOT_APPLICABLE } from "~/core/cart-lines";
import { type StockLevel, sameVariant } from "~/core/stock";
import { sameChoice } from "./cart-store";

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

/**
 * When a line asks for more than is left: the pieces left, and how many this line may have when
 * `others` pieces of the same size and colour are asked for by the cart's other lines (0: the
 * other lines take them all). Null when it fits.
 */
export function shortfallOf(
  stock: StockByProduct | undefined,
  line: Line,
  others = 0,
): { left: number; room: number } | null {
  const left = leftOf(stock, line);
  if (left === null || line.quantity + others <= left) return null;
  return { left, room: Math.max(0, left - others) };
}

/** For each line, the pieces of its size and colour the other chosen lines ask for. */
export function othersOfSameChoice(
  lines: readonly Line[],
  chosen: (index: number) => boolean,
): number[] {
  return lines.map((line, i) =>
    lines.reduce(
      (sum, other, j) =>
        j !== i && chosen(j) && sameChoice(other, line) ? sum + other.quantity : sum,
      0,
    ),
  );
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
