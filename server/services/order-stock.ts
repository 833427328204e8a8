import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { type ShortLine, shortLineText, type Variant } from "~/core/stock";
import type { CatalogueEvents } from "../catalogue/events";
import type { Db } from "../db/client";
import { orderLines, productStock, products, stockLedger } from "../db/schema";
import { AppError } from "../errors";
import { logger } from "../logger";

/**
 * How orders move stock (decision 045): placing takes every tracked line's pieces in the order's
 * own statement (server/services/orders.ts); cancelling gives back what the order holds;
 * a return gives it back when the admin marks it received; re-confirming a cancelled order
 * takes the pieces again. What an order holds is what its ledger entries say (minus their sum),
 * so nothing is given back twice or for pieces that were never taken (an untracked product).
 */

/**
 * The order every stock writer locks variants in: byte order (COLLATE "C"), the same as the
 * sort of `wantedStock`, whatever the database's collation.
 */
export const LOCK_ORDER = [
  sql`${productStock.productId} collate "C"`,
  sql`${productStock.size} collate "C"`,
  sql`${productStock.color} collate "C"`,
];

/** One variant's pieces an order asks for. */
export type WantedStock = Variant & { productId: string; quantity: number };

/** A variant's on-hand quantity before and after a change (to tell caches what moved). */
export type StockMove = { productId: string; before: number; after: number };

/** The lines' pieces per variant, in one lock order (product, size, colour). */
export function wantedStock(
  lines: readonly { productId: string; size: string; color: string; quantity: number }[],
): WantedStock[] {
  const byVariant = new Map<string, WantedStock>();
  for (const l of lines) {
    const key = JSON.stringify([l.productId, l.size, l.color]);
    const found = byVariant.get(key);
    if (found) found.quantity += l.quantity;
    else
      byVariant.set(key, {
        productId: l.productId,
        size: l.size,
        color: l.color,
        quantity: l.quantity,
      });
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...byVariant.values()].sort(
    (a, b) => order(a.productId, b.productId) || order(a.size, b.size) || order(a.color, b.color),
  );
}

/**
 * The variants of `wanted` that lack pieces now: tracked products only, 0 where a variant has
 * no row. An untracked or deleted product is never short.
 */
export async function shortOf(db: Db, wanted: readonly WantedStock[]): Promise<ShortLine[]> {
  const ids = [...new Set(wanted.map((w) => w.productId))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      productId: products.id,
      size: productStock.size,
      color: productStock.color,
      quantity: productStock.quantity,
    })
    .from(products)
    .leftJoin(productStock, eq(productStock.productId, products.id))
    .where(and(inArray(products.id, ids), eq(products.trackStock, true)));
  const tracked = new Set(rows.map((r) => r.productId));
  return wanted.flatMap((w) => {
    if (!tracked.has(w.productId)) return [];
    const available =
      rows.find((r) => r.productId === w.productId && r.size === w.size && r.color === w.color)
        ?.quantity ?? 0;
    return available < w.quantity
      ? [{ id: w.productId, size: w.size, color: w.color, requested: w.quantity, available }]
      : [];
  });
}

/** 409 out_of_stock naming each short line (`error.products`), in words a customer reads. */
export function outOfStock(short: readonly ShortLine[], names: ReadonlyMap<string, string>) {
  const lines = short.map((s) => shortLineText(s, names.get(s.id)));
  return new AppError(
    "out_of_stock",
    `Not enough stock: ${lines.join("; ")}. Please change the quantity or remove the item.`,
    undefined,
    {
      products: short.map(({ id, color, size, requested, available }) => ({
        id,
        color,
        size,
        requested,
        available,
      })),
    },
  );
}

type Writer = { userId: string | null; at: Date };

/** What the order holds now per variant: minus the sum of its ledger entries, where above 0. */
async function heldBy(tx: Db, orderId: string): Promise<WantedStock[]> {
  const rows = await tx
    .select({
      productId: stockLedger.productId,
      size: stockLedger.size,
      color: stockLedger.color,
      held: sql<number>`(-sum(${stockLedger.change}))::int`.mapWith(Number),
    })
    .from(stockLedger)
    .where(eq(stockLedger.orderId, orderId))
    .groupBy(stockLedger.productId, stockLedger.size, stockLedger.color)
    .having(sql`sum(${stockLedger.change}) < 0`);
  return wantedStock(rows.map((r) => ({ ...r, quantity: r.held })));
}

/**
 * Inside a status change's transaction, with the order row locked: gives back every piece the
 * order holds (cancelled, or a return received), one ledger entry per variant.
 */
export async function releaseOrderStock(
  tx: Db,
  orderId: string,
  reason: "order_cancelled" | "returned",
  writer: Writer,
): Promise<StockMove[]> {
  const moves: StockMove[] = [];
  for (const held of await heldBy(tx, orderId)) {
    const [row] = await tx
      .insert(productStock)
      .values({
        productId: held.productId,
        size: held.size,
        color: held.color,
        quantity: held.quantity,
      })
      .onConflictDoUpdate({
        target: [productStock.productId, productStock.size, productStock.color],
        set: { quantity: sql`${productStock.quantity} + excluded.quantity` },
      })
      .returning({ quantity: productStock.quantity });
    await tx.insert(stockLedger).values({
      productId: held.productId,
      size: held.size,
      color: held.color,
      change: held.quantity,
      reason,
      orderId,
      userId: writer.userId,
      at: writer.at,
    });
    const after = row?.quantity ?? held.quantity;
    moves.push({ productId: held.productId, before: after - held.quantity, after });
  }
  return moves;
}

/**
 * Inside a status change's transaction, with the order row locked: takes the pieces of the
 * order's tracked lines that it does not hold (a cancelled order being confirmed again). When a
 * variant lacks them, 409 out_of_stock and the transaction changes nothing.
 */
export async function takeOrderStock(
  tx: Db,
  orderId: string,
  writer: Writer,
): Promise<StockMove[]> {
  return (await takePieces(tx, orderId, writer, "refuse")).moves;
}

/** 409 out_of_stock (none available) for the order's lines whose product no longer exists. */
async function refuseDeletedProducts(tx: Db, orderId: string): Promise<void> {
  const gone = await tx
    .select({
      id: orderLines.productId,
      name: orderLines.name,
      size: orderLines.size,
      color: orderLines.color,
      requested: orderLines.quantity,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(and(eq(orderLines.orderId, orderId), isNull(products.id)));
  if (gone.length === 0) return;
  throw outOfStock(
    gone.map(({ name: _, ...line }) => ({ ...line, available: 0 })),
    new Map(gone.map((line) => [line.id, line.name])),
  );
}

/** A variant of which fewer pieces were on hand than a delivered order had to take back. */
export type MissingPieces = Variant & { productId: string; name: string; missing: number };

/**
 * A courier delivered an order that was cancelled (decision 078): its goods are gone, so the
 * pieces it gave back on cancelling are taken again — as many as are on hand, since what was
 * delivered is not refused. The pieces that were not there (sold again meanwhile: the shelf and
 * the count disagree) are answered for the staff alert; the order holds only what it took, so a
 * later return gives back no more than that.
 */
export async function retakeDeliveredStock(
  tx: Db,
  orderId: string,
  writer: Writer,
): Promise<{ moves: StockMove[]; missing: MissingPieces[] }> {
  return takePieces(tx, orderId, writer, "take-what-is-left");
}

async function takePieces(
  tx: Db,
  orderId: string,
  writer: Writer,
  whenShort: "refuse" | "take-what-is-left",
): Promise<{ moves: StockMove[]; missing: MissingPieces[] }> {
  // A cancelled order is not confirmed again for a product the shop has deleted since: it can no
  // longer be packed from the catalogue, as none of its pieces are left there.
  if (whenShort === "refuse") await refuseDeletedProducts(tx, orderId);
  const lines = await tx
    .select({
      productId: orderLines.productId,
      name: orderLines.name,
      size: orderLines.size,
      color: orderLines.color,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .innerJoin(products, and(eq(products.id, orderLines.productId), eq(products.trackStock, true)))
    .where(eq(orderLines.orderId, orderId));
  const held = await heldBy(tx, orderId);
  const needed = wantedStock(lines)
    .map((w) => {
      const has = held.find(
        (h) => h.productId === w.productId && h.size === w.size && h.color === w.color,
      );
      return { ...w, quantity: w.quantity - (has?.quantity ?? 0) };
    })
    .filter((w) => w.quantity > 0);
  if (needed.length === 0) return { moves: [], missing: [] };

  // Locked in one order (product, size, colour), as every stock writer does.
  const locked = await tx
    .select({
      productId: productStock.productId,
      size: productStock.size,
      color: productStock.color,
      quantity: productStock.quantity,
    })
    .from(productStock)
    .where(
      inArray(
        productStock.productId,
        needed.map((w) => w.productId),
      ),
    )
    .orderBy(...LOCK_ORDER)
    .for("update");
  const onHand = (w: WantedStock) =>
    locked.find((r) => r.productId === w.productId && r.size === w.size && r.color === w.color)
      ?.quantity ?? 0;
  const short = needed
    .filter((w) => onHand(w) < w.quantity)
    .map((w) => ({
      id: w.productId,
      size: w.size,
      color: w.color,
      requested: w.quantity,
      available: onHand(w),
    }));
  const names = new Map(lines.map((l) => [l.productId, l.name]));
  if (short.length > 0 && whenShort === "refuse") throw outOfStock(short, names);
  const missing = short.map((s) => ({
    productId: s.id,
    name: names.get(s.id) ?? s.id,
    size: s.size,
    color: s.color,
    missing: s.requested - s.available,
  }));
  const moves: StockMove[] = [];
  for (const wanted of needed) {
    const before = onHand(wanted);
    const w = { ...wanted, quantity: Math.min(wanted.quantity, before) };
    if (w.quantity <= 0) continue;
    await tx
      .update(productStock)
      .set({ quantity: before - w.quantity })
      .where(
        and(
          eq(productStock.productId, w.productId),
          eq(productStock.size, w.size),
          eq(productStock.color, w.color),
        ),
      );
    await tx.insert(stockLedger).values({
      productId: w.productId,
      size: w.size,
      color: w.color,
      change: -w.quantity,
      reason: "order_placed",
      orderId,
      userId: writer.userId,
      at: writer.at,
    });
    moves.push({ productId: w.productId, before, after: before - w.quantity });
  }
  return { moves, missing };
}

/**
 * Tells the catalogue caches what moved, after the change committed: a product whose variant
 * ran out or came back is a product change (listings show sold-out products last), any other
 * move only drops that product's cached quantities (decision 045).
 */
export async function announceStockMoves(
  events: Pick<CatalogueEvents, "publish"> | undefined,
  moves: readonly StockMove[],
): Promise<void> {
  if (!events || moves.length === 0) return;
  const crossed = new Set<string>();
  const moved = new Set<string>();
  for (const m of moves) {
    moved.add(m.productId);
    if (m.before > 0 !== m.after > 0) crossed.add(m.productId);
  }
  for (const id of moved) {
    try {
      await events.publish({ kind: crossed.has(id) ? "product" : "stock", id });
    } catch (err) {
      logger.error({ err, productId: id }, "stock change not announced");
    }
  }
}
