import { and, asc, eq, isNull, sql } from "drizzle-orm";
import {
  COURIER_LABELS,
  type CourierName,
  isParcelMoving,
  isPartialDelivery,
} from "~/core/courier";
import { formatTaka } from "~/core/money";
import { courierNextStatus, type OrderStatus } from "~/core/order-status";
import type { AppContext } from "../app-context";
import { CourierError, type ParcelOutcome } from "../couriers/courier";
import { orderCouriers, orders } from "../db/schema";
import { AppError } from "../errors";
import { logger } from "../logger";
import type { CourierDeps } from "./courier-booking";
import { requeueStrandedBookings } from "./courier-booking";
import { recordSystemStatusChange } from "./order-changes";
import { announceStockMoves, retakeDeliveredStock, type StockMove } from "./order-stock";
import { raiseStaffAlert } from "./staff-alerts";

/** One status report about a parcel, from a webhook or the poll. */
export type CourierNotification = {
  courier: CourierName;
  consignmentId: string | null;
  /** The order number as sent when booking. */
  invoice: string | null;
  /** The courier's status; null for a message-only update (Steadfast's tracking_update). */
  status: string | null;
  outcome: ParcelOutcome;
  message: string | null;
  charge?: number | null;
  /** The cash the courier says it collected (Steadfast's cod_amount), when it says. */
  codAmount?: number | null;
  /** When the courier says this happened; null: now. */
  at: Date | null;
};

export type NotificationResult = {
  orderId: string;
  orderStatus: OrderStatus;
  /** Whether the order's status moved. */
  moved: boolean;
  /** False for a notification older than what is stored (out of order): nothing changed. */
  applied: boolean;
};

async function findBooking(deps: CourierDeps, n: CourierNotification) {
  const number = n.invoice && /^[0-9]{1,9}$/.test(n.invoice) ? Number(n.invoice) : null;
  if (n.consignmentId) {
    const [byConsignment] = await deps.db
      .select({ orderId: orderCouriers.orderId, orderNumber: orders.orderNumber })
      .from(orderCouriers)
      .innerJoin(orders, eq(orders.id, orderCouriers.orderId))
      .where(
        and(eq(orderCouriers.courier, n.courier), eq(orderCouriers.consignmentId, n.consignmentId)),
      )
      .limit(1);
    // The couriers echo the order number we booked with: a report naming the parcel of one
    // order and the invoice of another is someone's mistake, and moves neither.
    if (byConsignment && number !== null && number !== byConsignment.orderNumber) {
      throw new AppError("conflict", "The parcel's invoice names another order than its own");
    }
    if (byConsignment) return byConsignment.orderId;
  }
  if (number === null) return null;
  const [byInvoice] = await deps.db
    .select({ orderId: orderCouriers.orderId })
    .from(orderCouriers)
    .innerJoin(orders, eq(orders.id, orderCouriers.orderId))
    .where(and(eq(orders.orderNumber, number), eq(orderCouriers.courier, n.courier)))
    .limit(1);
  return byInvoice?.orderId ?? null;
}

/**
 * Applies a courier's report to its order (decision 051): the parcel's status and message are
 * stored unless an newer one already is; delivered moves a Shipping order to Delivered,
 * returned (refused or cancelled at the door) to Return, with the history entry "by courier"
 * and the courier's message. A report for a parcel already at its end, repeated, or about an
 * order no longer Shipping changes nothing: never twice, never backwards. A booking whose
 * answer was lost (`unknown`, or found by invoice without ids) gets its ids from the report.
 * Unknown parcel → 404.
 * A Cancelled order's parcel (decision 078): delivered moves the order to Delivered, takes its
 * pieces from stock again (as many as are on hand) and raises a staff alert; a status saying the
 * parcel is still on its way (or a booking found after the cancel) raises a staff alert; its
 * cancellation or return at the courier just ends the parcel (the stock came back on cancel).
 */
export async function applyCourierNotification(
  deps: CourierDeps & Partial<Pick<AppContext, "catalogueEvents">>,
  n: CourierNotification,
): Promise<NotificationResult> {
  const orderId = await findBooking(deps, n);
  if (!orderId) throw AppError.notFound("Parcel");
  const moves: StockMove[] = [];
  const result = await deps.db.transaction(async (tx): Promise<NotificationResult> => {
    const [order] = await tx
      .select({ status: orders.status, orderNumber: orders.orderNumber, total: orders.total })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update")
      .limit(1);
    const [booking] = await tx
      .select()
      .from(orderCouriers)
      .where(eq(orderCouriers.orderId, orderId))
      .for("update")
      .limit(1);
    if (!order || !booking) throw AppError.notFound("Parcel");
    // A report dated ahead of our clock (the courier's clock, or its time zone, is off) counts
    // as now: stored as it is, it would make every later report look older and be ignored.
    const now = new Date();
    const at = n.at && n.at < now ? n.at : now;
    const stale = booking.courierStatusAt !== null && at < booking.courierStatusAt;
    const ids =
      n.consignmentId && !booking.consignmentId
        ? { consignmentId: n.consignmentId, trackingCode: booking.trackingCode ?? n.consignmentId }
        : {};
    // A lost answer turns out to have booked the parcel: record it (and move Confirmed on).
    const lostAnswer = booking.state !== "booked" && Boolean(n.consignmentId);
    if (lostAnswer) {
      await tx
        .update(orderCouriers)
        .set({ ...ids, state: "booked", bookedAt: sql`now()`, lastError: null })
        .where(eq(orderCouriers.orderId, orderId));
      const next = courierNextStatus(order.status, "booked");
      if (next) {
        await recordSystemStatusChange(tx, orderId, order.status, next, "by courier booking");
        order.status = next;
      }
    } else if (Object.keys(ids).length > 0) {
      await tx.update(orderCouriers).set(ids).where(eq(orderCouriers.orderId, orderId));
    }
    if (stale || booking.finishedAt) {
      return { orderId, orderStatus: order.status, moved: false, applied: false };
    }
    const label = COURIER_LABELS[n.courier];
    await tx
      .update(orderCouriers)
      .set({
        ...(n.status ? { courierStatus: n.status } : {}),
        ...(n.message ? { courierMessage: n.message } : {}),
        // A charge below zero is no charge the courier can ask: it is not stored.
        ...(typeof n.charge === "number" && n.charge >= 0 ? { charge: n.charge } : {}),
        courierStatusAt: at,
        ...(n.outcome ? { finishedAt: sql`now()` } : {}),
      })
      .where(eq(orderCouriers.orderId, orderId));
    const said = n.message ?? n.status ?? n.outcome;
    if (order.status === "Cancelled" && n.outcome === "delivered") {
      const taken = await retakeDeliveredStock(tx, orderId, { userId: null, at: new Date() });
      moves.push(...taken.moves);
      await recordSystemStatusChange(
        tx,
        orderId,
        "Cancelled",
        "Delivered",
        `by courier: ${label} — ${said} (after the order was cancelled)`,
      );
      const missing = taken.missing.map((m) => `${m.missing} × ${m.name} (${m.size}, ${m.color})`);
      await raiseStaffAlert(tx, {
        kind: "delivered_after_cancel",
        orderId,
        message:
          `${label} delivered order #${order.orderNumber} after it was cancelled and collected ` +
          `${formatTaka(order.total)}: the order is now Delivered and its pieces were taken from ` +
          `stock again` +
          (missing.length > 0 ? `; not on hand, count the shelf: ${missing.join("; ")}` : ""),
        details: {
          courier: n.courier,
          courierStatus: n.status ?? n.outcome,
          trackingCode: booking.trackingCode ?? ids.trackingCode ?? null,
          codAmount: order.total,
          short: taken.missing,
        },
      });
      return { orderId, orderStatus: "Delivered", moved: true, applied: true };
    }
    if (
      order.status === "Cancelled" &&
      !n.outcome &&
      n.status &&
      isParcelMoving(n.status) &&
      (n.status !== booking.courierStatus || lostAnswer)
    ) {
      await raiseStaffAlert(tx, {
        kind: "parcel_live_after_cancel",
        orderId,
        message:
          `Order #${order.orderNumber} is cancelled but its ${label} parcel is still on its way ` +
          `(${n.status}): cancel it in ${label}'s panel before it is delivered`,
        details: {
          courier: n.courier,
          courierStatus: n.status,
          trackingCode: booking.trackingCode ?? ids.trackingCode ?? null,
          codAmount: order.total,
        },
      });
      return { orderId, orderStatus: order.status, moved: false, applied: true };
    }
    const next = n.outcome ? courierNextStatus(order.status, n.outcome) : null;
    if (!next) return { orderId, orderStatus: order.status, moved: false, applied: true };
    await recordSystemStatusChange(
      tx,
      orderId,
      order.status,
      next,
      `by courier: ${COURIER_LABELS[n.courier]} — ${said}`,
    );
    const partial = Boolean(n.status && isPartialDelivery(n.status));
    // A whole delivery for less cash than the order's total is as much the staff's to check.
    const short = typeof n.codAmount === "number" && n.codAmount < order.total;
    if (next === "Delivered" && (partial || short)) {
      const collected =
        typeof n.codAmount === "number" ? ` and collected ${formatTaka(n.codAmount)}` : "";
      await raiseStaffAlert(tx, {
        kind: "partial_delivery",
        orderId,
        message: partial
          ? `${label} delivered only part of order #${order.orderNumber}${collected} ` +
            `(the order's total is ${formatTaka(order.total)}): count what comes back and put ` +
            `it back in stock`
          : `${label} says it delivered order #${order.orderNumber}${collected}, less than its ` +
            `total of ${formatTaka(order.total)}: check what came back and the courier's payment`,
        details: {
          courier: n.courier,
          courierStatus: n.status ?? n.outcome ?? undefined,
          trackingCode: booking.trackingCode ?? ids.trackingCode ?? null,
          ...(typeof n.codAmount === "number" ? { codAmount: n.codAmount } : {}),
        },
      });
    }
    return { orderId, orderStatus: next, moved: true, applied: true };
  });
  await announceStockMoves(deps.catalogueEvents, moves);
  return result;
}

/**
 * The `courier-status-poll` job: asks each courier about the parcels still on their way (the
 * oldest news first, a bounded batch per run), for webhooks that never came, and queues again
 * bookings stranded without a job.
 */
export async function pollCourierStatuses(
  deps: CourierDeps & Partial<Pick<AppContext, "catalogueEvents">>,
  batch = 200,
): Promise<{ asked: number; moved: number }> {
  await requeueStrandedBookings(deps);
  const open = await deps.db
    .select({
      orderId: orderCouriers.orderId,
      courier: orderCouriers.courier,
      consignmentId: orderCouriers.consignmentId,
      trackingCode: orderCouriers.trackingCode,
      orderNumber: orders.orderNumber,
    })
    .from(orderCouriers)
    .innerJoin(orders, eq(orders.id, orderCouriers.orderId))
    .where(and(eq(orderCouriers.state, "booked"), isNull(orderCouriers.finishedAt)))
    .orderBy(asc(orderCouriers.courierStatusAt))
    .limit(batch);
  let moved = 0;
  for (const parcel of open) {
    const courier = deps.couriers.get(parcel.courier);
    if (!courier) continue;
    try {
      const status = await courier.status({
        consignmentId: parcel.consignmentId,
        trackingCode: parcel.trackingCode,
        invoice: String(parcel.orderNumber),
      });
      const result = await applyCourierNotification(deps, {
        courier: parcel.courier,
        consignmentId: parcel.consignmentId ?? status.consignmentId ?? null,
        invoice: String(parcel.orderNumber),
        status: status.status,
        outcome: status.outcome,
        message: status.message,
        charge: status.charge,
        at: null,
      });
      if (result.moved) moved++;
    } catch (err) {
      // One parcel the courier cannot tell about must not stop the others.
      if (!(err instanceof CourierError) || !err.retryable) {
        logger.warn({ err, orderId: parcel.orderId }, "courier status poll: parcel skipped");
        continue;
      }
      throw err;
    }
  }
  return { asked: open.length, moved };
}
