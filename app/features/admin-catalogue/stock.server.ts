import { orPageError, pageError } from "~/app/lib/page-error.server";
import type { Actor } from "~/core/actor";
import { toAsciiDigits } from "~/core/digits";
import { isLowStock, totalStock } from "~/core/stock";
import type { AppContext } from "~/server/app-context";
import { AppError } from "~/server/errors";
import { getProductWithStock } from "~/server/services/products";
import {
  adjustStock,
  STOCK_HISTORY_PAGE,
  stockAlerts,
  stockHistory,
} from "~/server/services/stock";

/** The stock history page: the product, its pieces on hand, one page of its ledger (`?cursor=`). */
export async function loadStockHistory(
  ctx: AppContext,
  actor: Actor,
  productId: string,
  request: Request,
) {
  const cursor = new URL(request.url).searchParams.get("cursor") || undefined;
  const product = await orPageError(getProductWithStock(ctx.db, productId));
  const history = await orPageError(
    stockHistory(ctx.db, actor, productId, { cursor, limit: STOCK_HISTORY_PAGE }),
  );
  return {
    product: {
      _id: product._id,
      name: product.name,
      sizes: product.sizes,
      colors: product.colors,
      trackStock: product.trackStock,
      stock: product.stock,
      total: totalStock(product.stock),
      low: isLowStock(product.stock),
    },
    entries: history.data,
    nextCursor: history.nextCursor,
    continued: !!cursor,
  };
}

function textOf(form: FormData, key: string): string {
  const value = form.get(key);
  return typeof value === "string" ? value.trim() : "";
}

/**
 * "Change stock" on the history page: one variant, a change in pieces (negative takes away) and a
 * reason, to the same service as POST /api/products/{id}/stock. Below zero, an unknown size or
 * colour, or a change that is not a whole number come back as field issues.
 */
export async function adjustStockAction(
  ctx: AppContext,
  actor: Actor,
  productId: string,
  request: Request,
) {
  const form = await request.formData();
  // Bengali digits (০–৯) are taken as 0–9, as on every number input of the shop.
  const changeText = toAsciiDigits(textOf(form, "change")).trim();
  // Whole pieces as a person writes them: not "1e3" or "0x10", which Number() also reads.
  const change =
    changeText === "" ? undefined : /^[-+]?\d+$/.test(changeText) ? Number(changeText) : Number.NaN;
  try {
    if (change !== undefined && !Number.isFinite(change)) {
      throw new AppError("invalid", "Some fields are not valid", [
        { path: "change", message: "Enter the change in pieces (negative to take away)" },
      ]);
    }
    const level = await adjustStock(ctx, actor, productId, {
      size: textOf(form, "size"),
      color: textOf(form, "color"),
      change,
      reason: textOf(form, "reason") || undefined,
    });
    return { ok: true as const, level };
  } catch (err) {
    return pageError(err);
  }
}

/** The dashboard's Low stock card: how many tracked products are low, how many sold out. */
export function loadStockAlerts(ctx: AppContext) {
  return stockAlerts(ctx.db);
}
