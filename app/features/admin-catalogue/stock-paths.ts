/** The admin's stock history page of a product (the ledger, and changes by hand). */
export function stockHistoryPath(productId: string): string {
  return `/dashboard/stock/${encodeURIComponent(productId)}`;
}

/** All Products filtered to tracked products at or below the Low threshold. */
export const LOW_STOCK_LIST = "/dashboard/allProducts?stock=low";

/** The admin's products table. */
export const PRODUCTS_TABLE_PATH = "/dashboard/allProducts";
