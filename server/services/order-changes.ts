import { and, desc, eq, inArray, isNull, max, sql } from "drizzle-orm";
import type { Actor } from "~/core/actor";
import { COURIER_LABELS } from "~/core/courier";
import {
  canDeleteOrder,
  canTransition,
  DEFAULT_RETURN_DAYS,
  type OrderStatus,
  returnDeadline,
  returnWindowClosedText,
} from "~/core/order-status";
import type { CatalogueEvents } from "../catalogue/events";
import { CourierError } from "../couriers/courier";
import type { Couriers } from "../couriers/registry";
import type { Db } from "../db/client";
import { retryOnDeadlock } from "../db/errors";
import { newId } from "../db/ids";
import { orderCouriers, orderStatusHistory, orders } from "../db/schema";
import { AppError } from "../errors";
import { queueStatusMessages } from "../notify/queue";
import { visibleTo } from "./order-queries";
import {
  announceStockMoves,
  releaseOrderStock,
  type StockMove,
  takeOrderStock,
} from "./order-stock";

export type StatusChangeResult = { id: string; from: OrderStatus; to: OrderStatus };

export type StatusChangeOptions = {
  /**
   * The status the caller saw when choosing the change. When the order has moved on since,
   * the change is refused (409 with `currentStatus`) instead of overriding what someone else did.
   */
  from?: OrderStatus;
  /** decisions.md "Returns": the owner's Return is accepted this many days after delivery. */
  returnDays?: number;
  /** Told what stock the change gave back or took, once it committed. */
  catalogueEvents?: Pick<CatalogueEvents, "publish">;
  /**
   * The shop's couriers: an admin's cancel of an order whose parcel is booked cancels the parcel
   * at a courier whose API can (RedX) before the order is cancelled (decision 078).
   */
  couriers?: Pick<Couriers, "get">;
  /**
   * The admin says the parcel was cancelled in the courier's own panel (Steadfast, Pathao, or a
   * booking whose answer was lost): the order may then be cancelled (decision 078).
   */
  parcelCancelled?: boolean;
};

function conflict(message: string, current: OrderStatus): AppError {
  return new AppError("conflict", message, undefined, {
    orderStatus: current,
    currentStatus: current,
  });
}

/** The order's last cancellation: who made it ("customer", "admin", "system") and from what. */
async function lastCancellation(
  tx: Db,
  orderId: string,
): Promise<{ role: string; from: string | null } | null> {
  const [last] = await tx
    .select({ role: orderStatusHistory.changedByRole, from: orderStatusHistory.fromStatus })
    .from(orderStatusHistory)
    .where(
      and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, "Cancelled")),
    )
    .orderBy(desc(orderStatusHistory.changedAt))
    .limit(1);
  return last ?? null;
}

export const SHOP_CANCELLED_TEXT = "The shop cancelled this order: call the shop to order it again";
export const HELD_REORDER_TEXT =
  "This order is held for the shop's check: the shop will call you about it";

/**
 * The owner's "confirm again" undoes their own cancellation only: an order the shop cancelled,
 * or one held for a look (its number is blocked), is not theirs to send on. It puts the order
 * back where the cancellation found it (decision 095): one the shop had confirmed is Confirmed
 * again, one it had not (Pending: its code or the shop's confirmation call still to come, or
 * unknown) is Pending again, so that cancelling and confirming again never skips either check.
 */
async function ownerReconfirmTarget(
  tx: Db,
  orderId: string,
  heldReason: string | null,
): Promise<OrderStatus> {
  if (heldReason) throw conflict(HELD_REORDER_TEXT, "Cancelled");
  const cancellation = await lastCancellation(tx, orderId);
  if (cancellation && cancellation.role !== "customer") {
    throw conflict(SHOP_CANCELLED_TEXT, "Cancelled");
  }
  const from = cancellation?.from;
  return from === "Confirmed" || from === "Shipping" ? "Confirmed" : "Pending";
}

/** When the order was last delivered (its latest Delivered history entry). */
async function deliveredAt(tx: Db, orderId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ at: max(orderStatusHistory.changedAt) })
    .from(orderStatusHistory)
    .where(
      and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, "Delivered")),
    );
  return row?.at ?? null;
}

/**
 * Moves an order to `to` if decisions.md's table allows it for the viewer's role (an admin, or
 * the order's owner), recording who changed it. Everything is decided under the row lock, so two
 * people acting on one order at once are serialized and the second sees the first's result:
 * with `from`, a change based on a status that is no longer current is refused. The change is
 * stamped with the database clock after the lock is taken, so history rows follow the order in
 * which the changes were made (a time read before waiting for the lock could be older than the
 * change that held it), whichever server made them. The owner's Confirmed on their own
 * cancellation may land on Pending (`ownerReconfirmTarget`): the result says which.
 * Stock moves in the same transaction (decision 045): a cancelled order gives back the pieces
 * it holds; a cancelled order confirmed again takes them again, or is refused with 409
 * out_of_stock when they are gone (nothing changes). A Return gives them back later, when an
 * admin marks it received (`markReturnReceived`).
 * Not visible to the viewer → 404; not allowed from the current status, not the status the
 * caller saw, or the owner's Return after the return window → 409.
 */
export async function changeOrderStatus(
  db: Db,
  viewer: Actor,
  id: string,
  to: OrderStatus,
  options: StatusChangeOptions = {},
): Promise<StatusChangeResult> {
  if (to === "Cancelled") await settleParcelBeforeCancel(db, viewer, id, options);
  const { moves, ...result } = await retryOnDeadlock(() =>
    changeInTransaction(db, viewer, id, to, options),
  );
  await announceStockMoves(options.catalogueEvents, moves);
  return result;
}

/** Bookings that are, or may be, a parcel at the courier. */
const LIVE_BOOKING_STATES = ["booked", "booking", "unknown"] as const;

/**
 * Before cancelling an order whose parcel is (or may be) at a courier and not at its end
 * (decision 078): the owner is refused (409 `parcel_booked`: the shop has to stop the parcel);
 * an admin's cancel first cancels the parcel at a courier whose API can (RedX; its refusal, e.g.
 * already picked up, is a 409 with its words and changes nothing; unreachable: 502), and is
 * otherwise refused with what to do: cancel it in the courier's panel, then cancel again with
 * `parcelCancelled`. A change the transaction refuses anyway (not visible, not allowed, moved
 * meanwhile) is left to it, so it answers as before.
 */
async function settleParcelBeforeCancel(
  db: Db,
  viewer: Actor,
  id: string,
  options: StatusChangeOptions,
): Promise<void> {
  const [row] = await db
    .select({
      status: orders.status,
      orderNumber: orders.orderNumber,
      courier: orderCouriers.courier,
      state: orderCouriers.state,
      consignmentId: orderCouriers.consignmentId,
      trackingCode: orderCouriers.trackingCode,
    })
    .from(orders)
    .innerJoin(orderCouriers, eq(orderCouriers.orderId, orders.id))
    .where(
      and(
        eq(orders.id, id),
        visibleTo(viewer),
        inArray(orderCouriers.state, [...LIVE_BOOKING_STATES]),
        isNull(orderCouriers.finishedAt),
      ),
    )
    .limit(1);
  if (!row) return;
  if (options.from !== undefined && options.from !== row.status) return;
  if (!canTransition(row.status, "Cancelled", viewer.role)) return;
  const label = COURIER_LABELS[row.courier];
  const details = {
    orderStatus: row.status,
    currentStatus: row.status,
    courier: row.courier,
    trackingCode: row.trackingCode,
  };
  if (viewer.role !== "admin") {
    throw new AppError(
      "parcel_booked",
      `This order has been handed to ${label} and can no longer be cancelled online: please call the shop`,
      undefined,
      details,
    );
  }
  if (options.parcelCancelled) return;
  const courier = options.couriers?.get(row.courier);
  if (row.state !== "booked" || !courier?.cancel) {
    throw new AppError(
      "parcel_booked",
      row.state === "booked"
        ? `This order's parcel is booked with ${label}, whose API cannot cancel it: cancel it in ${label}'s panel first, then cancel the order here and confirm that you did`
        : `${label} may already have this order's parcel: check ${label}'s panel and cancel it there, then cancel the order here and confirm that you did`,
      undefined,
      { ...details, canConfirm: true },
    );
  }
  try {
    await courier.cancel(
      {
        consignmentId: row.consignmentId,
        trackingCode: row.trackingCode,
        invoice: String(row.orderNumber),
      },
      `Order #${row.orderNumber} cancelled by the shop`,
    );
  } catch (err) {
    if (err instanceof CourierError && err.kind === "rejected") {
      throw new AppError(
        "parcel_booked",
        `${label} did not cancel the parcel (${err.message}): cancel it in ${label}'s panel first, then cancel the order here and confirm that you did`,
        undefined,
        { ...details, canConfirm: true },
      );
    }
    if (err instanceof CourierError) {
      throw new AppError(
        "courier_unavailable",
        `${label} could not be asked to cancel the parcel (${err.message}); nothing was changed, try again`,
        undefined,
        details,
      );
    }
    throw err;
  }
  // The courier has cancelled it: the parcel is at its end whatever happens to the order next.
  await db
    .update(orderCouriers)
    .set({
      courierStatus: "cancelled",
      courierMessage: `Cancelled at ${label} by the shop`,
      courierStatusAt: sql`now()`,
      finishedAt: sql`now()`,
    })
    .where(eq(orderCouriers.orderId, id));
}

async function changeInTransaction(
  db: Db,
  viewer: Actor,
  id: string,
  to: OrderStatus,
  options: StatusChangeOptions,
): Promise<StatusChangeResult & { moves: StockMove[] }> {
  const returnDays = options.returnDays ?? DEFAULT_RETURN_DAYS;
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, heldReason: orders.heldReason })
      .from(orders)
      .where(and(eq(orders.id, id), visibleTo(viewer)))
      .for("update")
      .limit(1);
    if (!order) throw AppError.notFound("Order");
    if (options.from !== undefined && options.from !== order.status) {
      throw conflict(
        order.status === to
          ? `The order is already ${to}`
          : `The order was changed meanwhile: it is now ${order.status}, not ${options.from}`,
        order.status,
      );
    }
    if (!canTransition(order.status, to, viewer.role)) {
      throw conflict(
        order.status === to
          ? `The order is already ${to}`
          : `An order that is ${order.status} cannot be set to ${to}`,
        order.status,
      );
    }
    const target =
      viewer.role !== "admin" && order.status === "Cancelled" && to === "Confirmed"
        ? await ownerReconfirmTarget(tx, id, order.heldReason)
        : to;
    const [stamped] = await tx
      .update(orders)
      .set({ status: target, updatedAt: sql`clock_timestamp()` })
      .where(eq(orders.id, id))
      .returning({ at: orders.updatedAt });
    const now = stamped?.at ?? new Date();
    if (to === "Return" && viewer.role !== "admin") {
      const delivered = await deliveredAt(tx, id);
      // An order delivered before history was kept has no entry: it is not refused for that.
      if (delivered && now > returnDeadline(delivered, returnDays)) {
        throw conflict(returnWindowClosedText(returnDays), order.status);
      }
    }
    const writer = { userId: viewer.userId, at: now };
    const moves =
      target === "Cancelled"
        ? await releaseOrderStock(tx, id, "order_cancelled", writer)
        : order.status === "Cancelled"
          ? await takeOrderStock(tx, id, writer)
          : [];
    await tx.insert(orderStatusHistory).values({
      id: newId(),
      orderId: id,
      fromStatus: order.status,
      toStatus: target,
      changedByUserId: viewer.userId,
      changedByRole: viewer.role,
      changedAt: now,
    });
    await queueStatusMessages(tx, id, target);
    return { id, from: order.status, to: target, moves };
  });
}

/**
 * Records a change no person made (a courier's booking or notification) on an order whose row
 * the caller holds locked in `tx`: the status, and a history entry by "system" with its note.
 */
export async function recordSystemStatusChange(
  tx: Db,
  orderId: string,
  from: OrderStatus,
  to: OrderStatus,
  note: string,
): Promise<void> {
  const [stamped] = await tx
    .update(orders)
    .set({ status: to, updatedAt: sql`clock_timestamp()` })
    .where(eq(orders.id, orderId))
    .returning({ at: orders.updatedAt });
  await tx.insert(orderStatusHistory).values({
    id: newId(),
    orderId,
    fromStatus: from,
    toStatus: to,
    changedByUserId: null,
    changedByRole: "system",
    changedAt: stamped?.at ?? new Date(),
    note,
  });
  await queueStatusMessages(tx, orderId, to);
}

/**
 * "Return received" (admins): the goods of an order in Return are back on the shelf, so the
 * pieces it holds are given back, once. Records when on the order (`returnReceivedAt`).
 * Unknown → 404; not in Return, or already received → 409.
 */
export async function markReturnReceived(
  db: Db,
  viewer: Actor,
  id: string,
  options: Pick<StatusChangeOptions, "catalogueEvents"> = {},
): Promise<{ id: string; returnReceivedAt: Date }> {
  if (viewer.role !== "admin") {
    throw new AppError("forbidden", "Only admins may mark a return received");
  }
  const { moves, ...result } = await retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      const [order] = await tx
        .select({ status: orders.status, receivedAt: orders.returnReceivedAt })
        .from(orders)
        .where(eq(orders.id, id))
        .for("update")
        .limit(1);
      if (!order) throw AppError.notFound("Order");
      if (order.status !== "Return") {
        throw conflict(
          `Only a returned order can be received; this one is ${order.status}`,
          order.status,
        );
      }
      if (order.receivedAt) throw conflict("This return was already received", order.status);
      const [stamped] = await tx
        .update(orders)
        .set({ returnReceivedAt: sql`clock_timestamp()`, updatedAt: sql`clock_timestamp()` })
        .where(eq(orders.id, id))
        .returning({ at: orders.returnReceivedAt });
      const at = stamped?.at ?? new Date();
      const moves = await releaseOrderStock(tx, id, "returned", { userId: viewer.userId, at });
      return { id, returnReceivedAt: at, moves };
    }),
  );
  await announceStockMoves(options.catalogueEvents, moves);
  return result;
}

/**
 * Deletes an order with its lines and history; admins only, and only when it is Cancelled,
 * Delivered or Return (decisions.md). Unknown → 404; another status → 409.
 */
export async function deleteOrder(db: Db, viewer: Actor, id: string): Promise<void> {
  if (viewer.role !== "admin") throw new AppError("forbidden", "Only admins may delete orders");
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, id))
      .for("update")
      .limit(1);
    if (!order) throw AppError.notFound("Order");
    if (!canDeleteOrder(order.status)) {
      throw new AppError(
        "conflict",
        `An order that is ${order.status} cannot be deleted; only cancelled, delivered or returned orders can`,
        undefined,
        { orderStatus: order.status },
      );
    }
    await tx.delete(orders).where(eq(orders.id, id));
  });
}
