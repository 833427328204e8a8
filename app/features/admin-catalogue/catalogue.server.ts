import { data } from "react-router";
import { AppError } from "../../../server/errors";
import { getProduct, listProducts, type Product } from "../../../server/services/products";
import { getSlide, listSlides } from "../../../server/services/slides";
import { serverContext } from "../../lib/server-context.server";
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
export async function loadAdminProducts(request: Request): Promise<AdminProductsPage> {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const cursor = url.searchParams.get("cursor") || undefined;
  const ctx = await serverContext();
  try {
    const page = await listProducts(ctx.db, {
      searchQuery: q || undefined,
      cursor,
      limit: ADMIN_PRODUCTS_PAGE_SIZE,
    });
    return { rows: page.data.map(toRow), nextCursor: page.nextCursor, q, continued: !!cursor };
  } catch (err) {
    if (err instanceof AppError && err.code === "invalid") throw data(null, { status: 400 });
    throw err;
  }
}

function notFoundAs404<T>(load: Promise<T>): Promise<T> {
  return load.catch((err) => {
    if (err instanceof AppError && err.code === "not_found") {
      throw data({ message: err.message }, { status: 404 });
    }
    throw err;
  });
}

export async function loadProductForEdit(id: string): Promise<Product> {
  const ctx = await serverContext();
  return notFoundAs404(getProduct(ctx.db, id));
}

export async function loadSlides() {
  const ctx = await serverContext();
  return listSlides(ctx.db);
}

export async function loadSlideForEdit(id: string) {
  const ctx = await serverContext();
  return notFoundAs404(getSlide(ctx.db, id));
}
