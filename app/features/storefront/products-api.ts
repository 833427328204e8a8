import type { Product } from "~/core/schemas/product";
import type { StockLevel } from "~/core/stock";

/** A page of GET /api/products (spec §7 `data`, plus the cursor for the next page). */
export type ProductPage = {
  data: (Product & { stock?: StockLevel[] })[];
  nextCursor: string | null;
};

export type ProductParams = {
  searchQuery?: string;
  category?: string;
  productType?: string;
  limit: number;
  cursor?: string | null;
};

export function productsUrl(params: ProductParams): string {
  const q = new URLSearchParams();
  if (params.searchQuery) q.set("searchQuery", params.searchQuery);
  if (params.category) q.set("category", params.category);
  if (params.productType) q.set("productType", params.productType);
  if (params.cursor) q.set("cursor", params.cursor);
  q.set("limit", String(params.limit));
  return `/api/products?${q}`;
}

/** Browser fetch of the products API; throws on a non-2xx answer or when aborted. */
export async function fetchProducts(
  params: ProductParams,
  signal?: AbortSignal,
): Promise<ProductPage> {
  const res = await fetch(productsUrl(params), { signal, headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`GET /api/products answered ${res.status}`);
  return (await res.json()) as ProductPage;
}
