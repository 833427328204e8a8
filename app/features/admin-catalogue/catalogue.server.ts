import type { AppContext } from "../../../server/app-context";
import { getProduct, listProducts, type Product } from "../../../server/services/products";
import { getSlide, listSlides } from "../../../server/services/slides";
import { orPageError } from "../../lib/page-error.server";
import type { AdminProductRow } from "./product-row";

/** Rows per page of the admin products table (the catalogue may hold 100,000 products). */
export const ADMIN_PRODUCTS_PAGE_SIZE = 20;

export type AdminProductsPage = {
  rows: AdminProductRow[];
  nextCursor: string | null;
  q: string;
  /** True when the page started at a cursor (the "Next page" link, without JavaScript). */
  continued: boolean;
};

function toRow(p: Product): AdminProductRow {
  return {
    _id: p._id,
    name: p.name,
    category: p.category,
    subCategory: p.subCategory,
    productType: p.productType,
    originalPrice: p.originalPrice,
    offerPrice: p.offerPrice,
    image: p.images[0] ?? null,
  };
}

/** One page of the table, newest first, searched by name on the server (`?q=`, `?cursor=`). */
export async function loadAdminProducts(
  ctx: AppContext,
  request: Request,
): Promise<AdminProductsPage> {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const cursor = url.searchParams.get("cursor") || undefined;
  const page = await orPageError(
    listProducts(ctx.db, { searchQuery: q || undefined, cursor, limit: ADMIN_PRODUCTS_PAGE_SIZE }),
  );
  return { rows: page.data.map(toRow), nextCursor: page.nextCursor, q, continued: !!cursor };
}

export function loadProductForEdit(ctx: AppContext, id: string): Promise<Product> {
  return orPageError(getProduct(ctx.db, id));
}

export function loadSlides(ctx: AppContext) {
  return listSlides(ctx.db);
}

export function loadSlideForEdit(ctx: AppContext, id: string) {
  return orPageError(getSlide(ctx.db, id));
}
