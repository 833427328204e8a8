import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, type SQL } from "drizzle-orm";
import type { Actor } from "~/core/actor";
import type { CourierName } from "~/core/courier";
import type { OrderStatus } from "~/core/order-status";
import type { OrderDetailView, OrderView } from "~/core/order-view";
import type { AppContext } from "../app-context";
import type { Db } from "../db/client";
import { orderCouriers, orders } from "../db/schema";
import { AppError } from "../errors";
import { requestCourierBooking } from "./courier-booking";
import { changeOrderStatus } from "./order-changes";
import { courierView, getOrderDetail, linesOfOrders, toOrderView } from "./order-queries";

/** Most orders one bulk action or one print takes (a page of a list is 20). */
export const BULK_MAX = 100;

function requireAdmin(actor: Actor, what: string) {
  if (actor.role !== "admin") throw new AppError("forbidden", `Only admins may ${what}`);
}

function checkIds(ids: readonly string[]): string[] {
  const unique = [...new Set(ids.filter((id) => id.length > 0 && id.length <= 100))];
  if (unique.length === 0) {
    throw new AppError("invalid", "Select at least one order", [
      { path: "id", message: "Select at least one order" },
    ]);
  }
  if (unique.length > BULK_MAX) {
    throw new AppError("invalid", `Select at most ${BULK_MAX} orders at once`, [
      { path: "id", message: `At most ${BULK_MAX} orders` },
    ]);
  }
  return unique;
}

/** One order's outcome in a bulk action: done, or the reason it was left as it was. */
export type BulkOutcome = { id: string; orderNumber: number | null; ok: boolean; message: string };

async function orderNumbers(db: Db, ids: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((r) => [r.id, r.orderNumber]));
}

async function eachOrder(
  db: Db,
  ids: readonly string[],
  run: (id: string) => Promise<string>,
): Promise<BulkOutcome[]> {
  const checked = checkIds(ids);
  const numbers = await orderNumbers(db, checked);
  const outcomes: BulkOutcome[] = [];
  // One after another: each change is its own transaction, and one refusal stops no other.
  for (const id of checked) {
    const orderNumber = numbers.get(id) ?? null;
    try {
      outcomes.push({ id, orderNumber, ok: true, message: await run(id) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      outcomes.push({ id, orderNumber, ok: false, message: err.message });
    }
  }
  return outcomes;
}

/** Why a held order is left out of a bulk Confirm. */
export const HELD_ORDER_MESSAGE =
  "This order is held (a blocked number): confirm it on its own page after calling the customer";

/**
 * Confirms the selected Pending orders (admins), through the same status change as one order.
 * An order held for a blocked number is left as it is: confirming it is a decision about that
 * customer, made on its own page, not one tick among many (decision 052).
 */
export async function confirmOrders(
  ctx: Pick<AppContext, "db" | "config">,
  actor: Actor,
  ids: readonly string[],
): Promise<BulkOutcome[]> {
  requireAdmin(actor, "confirm orders");
  const held = new Set(
    (
      await ctx.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(inArray(orders.id, checkIds(ids)), isNotNull(orders.heldReason)))
    ).map((r) => r.id),
  );
  return eachOrder(ctx.db, ids, async (id) => {
    if (held.has(id)) throw new AppError("conflict", HELD_ORDER_MESSAGE);
    await changeOrderStatus(ctx.db, actor, id, "Confirmed", {
      from: "Pending",
      returnDays: ctx.config.RETURN_DAYS,
    });
    return "Confirmed";
  });
}

/** Books the selected Confirmed orders with one courier (admins), one booking job each. */
export async function bookOrders(
  ctx: Parameters<typeof requestCourierBooking>[0],
  actor: Actor,
  ids: readonly string[],
  courier: CourierName,
): Promise<BulkOutcome[]> {
  requireAdmin(actor, "book couriers");
  return eachOrder(ctx.db, ids, async (id) => {
    await requestCourierBooking(ctx, actor, id, courier);
    return "Booking queued";
  });
}

/** The selected orders in full, in the order they were given, for invoices and labels (admins). */
export async function ordersForPrint(
  ctx: Pick<AppContext, "db" | "config">,
  actor: Actor,
  ids: readonly string[],
): Promise<OrderDetailView[]> {
  requireAdmin(actor, "print orders");
  const found: OrderDetailView[] = [];
  for (const id of checkIds(ids)) {
    try {
      found.push(await getOrderDetail(ctx.db, actor, id, { returnDays: ctx.config.RETURN_DAYS }));
    } catch (err) {
      // An order deleted since the list was shown is left out, not a failed print.
      if (!(err instanceof AppError && err.code === "not_found")) throw err;
    }
  }
  return found;
}

/** Orders whose booking failed or may not have reached the courier, oldest request first (admins). */
export async function listBookingProblems(
  db: Db,
  actor: Actor,
  limit = BULK_MAX,
): Promise<OrderView[]> {
  requireAdmin(actor, "see courier bookings");
  const rows = await db
    .select({ order: orders, courier: orderCouriers })
    .from(orderCouriers)
    .innerJoin(orders, eq(orders.id, orderCouriers.orderId))
    .where(inArray(orderCouriers.state, ["failed", "unknown"]))
    .orderBy(asc(orderCouriers.requestedAt), asc(orderCouriers.orderId))
    .limit(limit);
  if (rows.length === 0) return [];
  const lines = await linesOfOrders(
    db,
    rows.map((r) => r.order.id),
  );
  return rows.map((r) => ({
    ...toOrderView(
      r.order,
      lines.filter((l) => l.orderId === r.order.id),
    ),
    returnBy: null,
    courier: courierView(r.courier, true),
  }));
}

export type OrderExportFilter = {
  statuses?: readonly OrderStatus[];
  /** Placed on or after this moment. */
  from?: Date;
  /** Placed before this moment. */
  to?: Date;
  /** Only orders booked (or being booked) with this courier; "none": not yet with a courier. */
  courier?: CourierName | "none";
};

export type OrderExportRow = {
  order: typeof orders.$inferSelect;
  courier: typeof orderCouriers.$inferSelect | null;
  items: string;
};

const EXPORT_BATCH = 500;

/**
 * Every order matching the filter, by order number, in batches (admins): the CSV export streams
 * them without holding the whole shop in memory.
 */
export async function* exportOrders(
  db: Db,
  actor: Actor,
  filter: OrderExportFilter,
): AsyncGenerator<OrderExportRow[]> {
  requireAdmin(actor, "export orders");
  const where: (SQL | undefined)[] = [];
  if (filter.statuses?.length) where.push(inArray(orders.status, [...filter.statuses]));
  if (filter.from) where.push(gte(orders.placedAt, filter.from));
  if (filter.to) where.push(lt(orders.placedAt, filter.to));
  if (filter.courier === "none") where.push(isNull(orderCouriers.orderId));
  else if (filter.courier) where.push(eq(orderCouriers.courier, filter.courier));
  // Pages by order number (unique, in order of placing): no timestamp precision to lose.
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ order: orders, courier: orderCouriers })
      .from(orders)
      .leftJoin(orderCouriers, eq(orderCouriers.orderId, orders.id))
      .where(and(...where, gt(orders.orderNumber, after)))
      .orderBy(asc(orders.orderNumber))
      .limit(EXPORT_BATCH);
    const last = rows.at(-1);
    if (!last) return;
    const lines = await linesOfOrders(
      db,
      rows.map((r) => r.order.id),
    );
    yield rows.map((r) => ({
      order: r.order,
      courier: r.courier,
      items: lines
        .filter((l) => l.orderId === r.order.id)
        .map((l) => `${l.quantity} × ${l.name}`)
        .join("; "),
    }));
    if (rows.length < EXPORT_BATCH) return;
    after = last.order.orderNumber;
  }
}
