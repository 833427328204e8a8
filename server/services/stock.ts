import { and, desc, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Actor } from "~/core/actor";
import { formatNumber } from "~/core/money";
import { stockAdjustmentSchema } from "~/core/schemas/stock";
import {
  isVariantOf,
  LOW_STOCK_THRESHOLD,
  MAX_STOCK_QUANTITY,
  STOCK_MOVED_MESSAGE,
  type StockLevel,
  type StockReason,
  stockGridIssues,
  type Variant,
  variantsOf,
} from "~/core/stock";
import type { AppContext } from "../app-context";
import { STOCK_PREFIX } from "../catalogue/cache";
import type { Db } from "../db/client";
import { orders, productStock, products, stockLedger, user } from "../db/schema";
import { AppError } from "../errors";
import { assertAdmin } from "./authorize";
import { afterCatalogueWrite, type CatalogueWriteContext } from "./catalogue-writes";
import { LOCK_ORDER } from "./order-stock";

export type { StockLevel };

/** What a stock read needs of a product: its id and the sizes and colours it offers. */
export type StockSubject = {
  _id: string;
  sizes: readonly string[];
  colors: readonly string[];
};

/** A product as the API answers it: its fields, `trackStock`, and on hand per variant. */
export type WithStock<P> = P & { stock: StockLevel[] };

function levelsFor(
  product: StockSubject,
  rows: readonly { size: string; color: string; quantity: number }[],
): StockLevel[] {
  return variantsOf(product).map((v) => ({
    ...v,
    quantity: rows.find((r) => r.size === v.size && r.color === v.color)?.quantity ?? 0,
  }));
}

/**
 * On hand per variant of several products, in one query: for each product every variant it
 * offers (core/stock.ts `variantsOf` order), 0 where nothing is stored. Untracked products get
 * their stored figures too (an admin may fill them in before switching tracking on).
 */
export async function stockOf(
  db: Db,
  subjects: readonly StockSubject[],
): Promise<Map<string, StockLevel[]>> {
  const ids = [...new Set(subjects.map((p) => p._id))];
  const rows = ids.length
    ? await db
        .select({
          productId: productStock.productId,
          size: productStock.size,
          color: productStock.color,
          quantity: productStock.quantity,
        })
        .from(productStock)
        .where(inArray(productStock.productId, ids))
    : [];
  const byProduct = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(row);
    byProduct.set(row.productId, list);
  }
  return new Map(subjects.map((p) => [p._id, levelsFor(p, byProduct.get(p._id) ?? [])]));
}

/**
 * The pieces stored for the variants a product no longer offers (a size or colour unticked keeps
 * its figures): the product form starts from them too, so ticking one again shows its pieces and
 * guards them with the rest of the grid instead of saving 0 over them.
 */
export async function hiddenStockOf(db: Db, product: StockSubject): Promise<StockLevel[]> {
  const offered = new Set(variantsOf(product).map((v) => `${v.size}\u0000${v.color}`));
  const rows = await db
    .select({ size: productStock.size, color: productStock.color, quantity: productStock.quantity })
    .from(productStock)
    .where(eq(productStock.productId, product._id));
  return rows.filter((r) => !offered.has(`${r.size}\u0000${r.color}`));
}

/** The products with their `stock` added (one query for all of them). */
export async function withStock<P extends StockSubject>(
  db: Db,
  list: readonly P[],
): Promise<WithStock<P>[]> {
  const levels = await stockOf(db, list);
  return list.map((p) => ({ ...p, stock: levels.get(p._id) ?? [] }));
}

/** The cache key of one product's stock levels (dropped by a "stock" catalogue change). */
export const stockCacheKey = (productId: string) => `${STOCK_PREFIX}${productId}`;

/**
 * `stockOf` through the catalogue cache, one entry per product (`stock:<id>`), so pages can
 * cache their product data and still show current quantities: an order drops only the stock
 * entries of what it took (server/catalogue/cache.ts), a product change everything. The
 * products not cached are read together in one query.
 */
export async function cachedStockOf(
  ctx: Pick<AppContext, "db" | "catalogueCache">,
  subjects: readonly StockSubject[],
): Promise<Map<string, StockLevel[]>> {
  const missing = subjects.filter((p) => !ctx.catalogueCache.has(stockCacheKey(p._id)));
  const missingIds = new Set(missing.map((p) => p._id));
  let batch: Promise<Map<string, StockLevel[]>> | undefined;
  const load = async (p: StockSubject) => {
    // An entry that expired since `has` was asked is read on its own.
    if (!missingIds.has(p._id)) return (await stockOf(ctx.db, [p])).get(p._id) ?? [];
    batch ??= stockOf(ctx.db, missing);
    return (await batch).get(p._id) ?? [];
  };
  const entries = await Promise.all(
    subjects.map(async (p) => {
      const levels = await ctx.catalogueCache.get(
        stockCacheKey(p._id),
        () => load(p),
        (v) => v.length * 48,
      );
      return [p._id, levels] as const;
    }),
  );
  return new Map(entries);
}

// ---------------------------------------------------------------- Writing stock

type StockWriter = { userId: string | null; at: Date; reason: StockReason };

/**
 * Inside a product write's transaction: sets the listed variants to the given quantities
 * (each difference one ledger entry) and, for a tracked product, gives every variant it offers
 * a row (0 pieces) so orders find it. The grid must have passed `stockGridIssues`.
 */
/** A cell of a product form's grid: the pieces to store, and those the form showed (`was`). */
export type GridCell = StockLevel & { was?: number };

export async function writeStockGrid(
  tx: Db,
  product: StockSubject & { trackStock: boolean },
  grid: readonly GridCell[],
  writer: StockWriter,
): Promise<void> {
  if (grid.length > 0) await setGrid(tx, product._id, grid, writer);
  if (product.trackStock) {
    await tx
      .insert(productStock)
      .values(variantsOf(product).map((v) => ({ productId: product._id, ...v, quantity: 0 })))
      .onConflictDoNothing();
  }
}

async function setGrid(
  tx: Db,
  productId: string,
  grid: readonly GridCell[],
  writer: StockWriter,
): Promise<void> {
  const current = await tx
    .select({
      size: productStock.size,
      color: productStock.color,
      quantity: productStock.quantity,
    })
    .from(productStock)
    .where(eq(productStock.productId, productId))
    .orderBy(...LOCK_ORDER)
    .for("update");
  const changes: QuantityChange[] = [];
  for (const [index, cell] of grid.entries()) {
    const before =
      current.find((r) => r.size === cell.size && r.color === cell.color)?.quantity ?? 0;
    if (cell.was !== undefined) {
      if (cell.quantity === cell.was) continue;
      if (before !== cell.was) {
        throw new AppError(
          "conflict",
          STOCK_MOVED_MESSAGE,
          [{ path: `stock.${index}.quantity`, message: STOCK_MOVED_MESSAGE }],
          { size: cell.size, color: cell.color, was: cell.was, now: before },
        );
      }
    }
    const change = cell.quantity - before;
    if (change !== 0)
      changes.push({ size: cell.size, color: cell.color, quantity: cell.quantity, change });
  }
  await setQuantities(tx, productId, changes, writer);
}

type QuantityChange = Variant & { quantity: number; change: number };

/** Sets each variant's pieces, each difference one ledger entry: two statements for any number. */
async function setQuantities(
  tx: Db,
  productId: string,
  changes: readonly QuantityChange[],
  writer: StockWriter,
): Promise<void> {
  if (changes.length === 0) return;
  await tx
    .insert(productStock)
    .values(changes.map(({ size, color, quantity }) => ({ productId, size, color, quantity })))
    .onConflictDoUpdate({
      target: [productStock.productId, productStock.size, productStock.color],
      set: { quantity: sql.raw(`excluded.${productStock.quantity.name}`) },
    });
  await tx.insert(stockLedger).values(
    changes.map(({ size, color, change }) => ({
      productId,
      size,
      color,
      change,
      reason: writer.reason,
      userId: writer.userId,
      at: writer.at,
    })),
  );
}

/** A grid's field issues as the API's 400 (nothing is written). */
export function assertStockGrid(
  product: { sizes: readonly string[]; colors: readonly string[] },
  grid: readonly StockLevel[],
): void {
  const issues = stockGridIssues(product, grid);
  if (issues.length > 0) throw new AppError("invalid", "Some stock figures are not valid", issues);
}

/**
 * POST /api/products/{id}/stock: adds `change` pieces (negative: takes them away) to one
 * variant, as one ledger entry with the admin's reason, and answers the new quantity. A variant
 * the product does not offer, or a change that would leave fewer than 0, answers 400 naming
 * the field; nothing is changed.
 */
export async function adjustStock(
  ctx: CatalogueWriteContext,
  actor: Pick<Actor, "role" | "userId"> | null,
  productId: string,
  body: unknown,
): Promise<StockLevel> {
  assertAdmin(actor);
  const parsed = stockAdjustmentSchema.safeParse(body);
  if (!parsed.success) throw AppError.fromZod(parsed.error);
  const { size, color, change, reason } = parsed.data;
  const level = await ctx.db.transaction(async (tx) => {
    const [product] = await tx
      .select({ sizes: products.sizes, colors: products.colors })
      .from(products)
      .where(eq(products.id, productId))
      .for("share");
    if (!product) throw AppError.notFound("Product");
    if (!isVariantOf(product, { size, color })) {
      const issues = stockGridIssues(product, [{ size, color, quantity: 0 }]).map((i) => ({
        ...i,
        path: i.path.replace(/^stock\.0\./, ""),
      }));
      throw new AppError("invalid", "This product has no such size and colour", issues);
    }
    const [row] = await tx
      .select({ quantity: productStock.quantity })
      .from(productStock)
      .where(
        and(
          eq(productStock.productId, productId),
          eq(productStock.size, size),
          eq(productStock.color, color),
        ),
      )
      .for("update");
    const before = row?.quantity ?? 0;
    const after = before + change;
    if (after < 0) {
      throw new AppError("invalid", "Not that many pieces on hand", [
        {
          path: "change",
          message: `Only ${before} on hand: take away at most ${before}`,
        },
      ]);
    }
    if (after > MAX_STOCK_QUANTITY) {
      throw new AppError("invalid", "Too many pieces", [
        {
          path: "change",
          message: `At most ${formatNumber(MAX_STOCK_QUANTITY)} pieces on hand`,
        },
      ]);
    }
    await setQuantities(tx, productId, [{ size, color, quantity: after, change }], {
      userId: actor?.userId ?? null,
      at: new Date(),
      reason,
    });
    return { size, color, quantity: after };
  });
  await afterCatalogueWrite(ctx, { kind: "product", id: productId });
  return level;
}

// ---------------------------------------------------------------- History

export type StockLedgerEntry = {
  id: number;
  size: string;
  color: string;
  change: number;
  reason: StockReason;
  /** The order that took or gave back the pieces (null for changes by hand). */
  orderId: string | null;
  /** Its order number, null once the order is deleted or for changes by hand. */
  orderNumber: number | null;
  /** Who made the change: the admin, the customer who ordered (null for a guest). */
  userName: string | null;
  at: string;
};

export type StockHistoryPage = { data: StockLedgerEntry[]; nextCursor: string | null };

export const STOCK_HISTORY_PAGE = 50;

/**
 * A product's stock ledger, newest first (admins), `limit` entries a page; pass `nextCursor`
 * back as `cursor`. Unknown product → 404; a cursor that does not parse → 400.
 */
export async function stockHistory(
  db: Db,
  actor: Pick<Actor, "role"> | null,
  productId: string,
  page: { limit?: number; cursor?: string } = {},
): Promise<StockHistoryPage> {
  assertAdmin(actor);
  const limit = Math.max(1, Math.min(page.limit ?? STOCK_HISTORY_PAGE, 500));
  const before = page.cursor === undefined ? undefined : Number(page.cursor);
  if (before !== undefined && !(Number.isSafeInteger(before) && before > 0)) {
    throw new AppError("invalid", "Some fields are not valid", [
      { path: "cursor", message: "Invalid cursor" },
    ]);
  }
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw AppError.notFound("Product");
  const where: SQL[] = [eq(stockLedger.productId, productId)];
  if (before !== undefined) where.push(lt(stockLedger.id, before));
  const rows = await db
    .select({
      id: stockLedger.id,
      size: stockLedger.size,
      color: stockLedger.color,
      change: stockLedger.change,
      reason: stockLedger.reason,
      orderId: stockLedger.orderId,
      orderNumber: orders.orderNumber,
      userName: user.name,
      at: stockLedger.at,
    })
    .from(stockLedger)
    .leftJoin(orders, eq(orders.id, stockLedger.orderId))
    .leftJoin(user, eq(user.id, stockLedger.userId))
    .where(and(...where))
    .orderBy(desc(stockLedger.id))
    .limit(limit + 1);
  const data = rows.slice(0, limit).map((r) => ({
    ...r,
    id: Number(r.id),
    orderNumber: r.orderNumber ?? null,
    userName: r.userName ?? null,
    at: r.at.toISOString(),
  }));
  const last = data.at(-1);
  return { data, nextCursor: rows.length > limit && last ? String(last.id) : null };
}

// ---------------------------------------------------------------- The admin's lists

export type StockFilter = "low" | "sold_out";

/** A stock row of a variant the product offers now (rows of dropped sizes/colours are kept). */
const offeredRow = sql`(${productStock.size} = any(${products.sizes}) or (${productStock.size} = 'N/A' and cardinality(${products.sizes}) = 0))
  and (${productStock.color} = any(${products.colors}) or (${productStock.color} = 'N/A' and cardinality(${products.colors}) = 0))`;

/**
 * Tracked products with a variant at or below `threshold` ("low"), or with no piece left of
 * any variant ("sold_out"): a condition on `products` for the admin's list filters.
 */
export function stockFilterCondition(
  filter: StockFilter,
  threshold: number = LOW_STOCK_THRESHOLD,
): SQL {
  const safe = Math.max(0, Math.trunc(threshold));
  if (filter === "low") {
    return sql`(${products.trackStock} and exists (select 1 from ${productStock} where ${productStock.productId} = ${products.id} and ${productStock.quantity} <= ${safe} and ${offeredRow}))`;
  }
  return sql`(${products.trackStock} and not exists (select 1 from ${productStock} where ${productStock.productId} = ${products.id} and ${productStock.quantity} > 0 and ${offeredRow}))`;
}

/** How many tracked products are low and how many sold out (the dashboard's Low stock card). */
export async function stockAlerts(
  db: Db,
  threshold: number = LOW_STOCK_THRESHOLD,
): Promise<{ low: number; soldOut: number }> {
  const [row] = await db
    .select({
      low: sql<number>`count(*) filter (where ${stockFilterCondition("low", threshold)})`.mapWith(
        Number,
      ),
      soldOut: sql<number>`count(*) filter (where ${stockFilterCondition("sold_out")})`.mapWith(
        Number,
      ),
    })
    .from(products)
    .where(eq(products.trackStock, true));
  return { low: row?.low ?? 0, soldOut: row?.soldOut ?? 0 };
}
