import { redirect } from "react-router";
import { orPageError, pageError } from "~/app/lib/page-error.server";
import type { Actor } from "~/core/actor";
import type { StockLevel } from "~/core/stock";
import { isLowStock, totalStock } from "~/core/stock";
import type { AppContext } from "~/server/app-context";
import { AppError } from "~/server/errors";
import {
  addProduct,
  deleteProduct,
  getProductWithStock,
  listProducts,
  type Product,
  updateProduct,
} from "~/server/services/products";
import { addSlide, deleteSlide, getSlide, listSlides, updateSlide } from "~/server/services/slides";
import { hiddenStockOf, type StockFilter, stockOf } from "~/server/services/stock";
import { productBodyFromForm } from "./product-form-values";
import type { AdminProductRow } from "./product-row";

/** Rows per page of the admin products table (the catalogue may hold 100,000 products). */
export const ADMIN_PRODUCTS_PAGE_SIZE = 20;

export type AdminProductsPage = {
  rows: AdminProductRow[];
  nextCursor: string | null;
  q: string;
  /** `?stock=low` or `?stock=sold_out`: only tracked products that are low or sold out. */
  stock: StockFilter | null;
  /** True when the page started at a cursor (the "Next page" link, without JavaScript). */
  continued: boolean;
};

function toRow(p: Product, levels: readonly StockLevel[]): AdminProductRow {
  return {
    _id: p._id,
    name: p.name,
    category: p.category,
    subCategory: p.subCategory,
    productType: p.productType,
    originalPrice: p.originalPrice,
    offerPrice: p.offerPrice,
    image: p.images[0] ?? null,
    stock: p.trackStock ? { total: totalStock(levels), low: isLowStock(levels) } : null,
  };
}

/** The stock filter of the table's URL (anything else: no filter). */
export function stockFilterOf(url: URL): StockFilter | null {
  const value = url.searchParams.get("stock");
  return value === "low" || value === "sold_out" ? value : null;
}

/** One page of the table, newest first, searched by name on the server (`?q=`, `?cursor=`). */
export async function loadAdminProducts(
  ctx: AppContext,
  request: Request,
): Promise<AdminProductsPage> {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const cursor = url.searchParams.get("cursor") || undefined;
  const stock = stockFilterOf(url);
  const page = await orPageError(
    listProducts(
      ctx.db,
      { searchQuery: q || undefined, cursor, limit: ADMIN_PRODUCTS_PAGE_SIZE },
      stock ? { stock } : {},
    ),
  );
  const levels = await stockOf(ctx.db, page.data);
  return {
    rows: page.data.map((p) => toRow(p, levels.get(p._id) ?? [])),
    nextCursor: page.nextCursor,
    q,
    stock,
    continued: !!cursor,
  };
}

/** The product with its pieces on hand per variant, for the update form. */
/** A product for its form: its stock, and the figures kept for sizes and colours unticked. */
export async function loadProductForEdit(ctx: AppContext, id: string) {
  const product = await orPageError(getProductWithStock(ctx.db, id));
  return { ...product, hiddenStock: await hiddenStockOf(ctx.db, product) };
}

export function loadSlides(ctx: AppContext) {
  return listSlides(ctx.db);
}

export function loadSlideForEdit(ctx: AppContext, id: string) {
  return orPageError(getSlide(ctx.db, id));
}

/** Where the product forms return to (spec §8) and the slide forms. */
export const PRODUCTS_TABLE = "/dashboard/allProducts";
export const SLIDES_TABLE = "/dashboard/manageSlider";

function textField(form: FormData, key: string): string {
  const value = form.get(key);
  return typeof value === "string" ? value : "";
}

/**
 * The product forms' action: the posted fields become the JSON API's body and go to the same
 * service (`id` given: update, else add). Refusals come back with their field issues; a saved
 * product returns to the table.
 */
export async function saveProduct(
  ctx: AppContext,
  actor: Actor,
  request: Request,
  id?: string,
): Promise<Response | ReturnType<typeof pageError>> {
  const body = productBodyFromForm(await request.formData());
  try {
    if (id === undefined) await addProduct(ctx, actor, body);
    else await updateProduct(ctx, actor, id, body);
  } catch (err) {
    return pageError(err);
  }
  return redirect(PRODUCTS_TABLE);
}

/**
 * The slide forms' action: `{ image, title, titleBn }` (and the update form's `updatedAt`) to the
 * same service as POST/PUT of the API (the Bengali title is the alt text on Bengali pages).
 */
export async function saveSlide(
  ctx: AppContext,
  actor: Actor,
  request: Request,
  id?: string,
): Promise<Response | ReturnType<typeof pageError>> {
  const form = await request.formData();
  const updatedAt = textField(form, "updatedAt");
  const body = {
    image: textField(form, "image"),
    title: textField(form, "title"),
    titleBn: textField(form, "titleBn"),
    ...(updatedAt ? { updatedAt } : {}),
  };
  try {
    if (id === undefined) await addSlide(ctx, actor, body);
    else await updateSlide(ctx, actor, id, body);
  } catch (err) {
    return pageError(err);
  }
  return redirect(SLIDES_TABLE);
}

/** A table's delete button (`intent=delete`, `id`): the product or slide service's delete. */
export async function deleteFromTable(
  ctx: AppContext,
  actor: Actor,
  request: Request,
  kind: "product" | "slide",
) {
  const form = await request.formData();
  const intent = textField(form, "intent");
  const id = textField(form, "id");
  try {
    if (intent !== "delete" || !id) {
      throw new AppError("invalid", "Nothing to do", [
        { path: "intent", message: "Unknown action" },
      ]);
    }
    if (kind === "product") await deleteProduct(ctx, actor, id);
    else await deleteSlide(ctx, actor, id);
  } catch (err) {
    return pageError(err);
  }
  return { ok: true as const, deleted: id };
}
