import { and, asc, eq } from "drizzle-orm";
import type { OrderStatus } from "~/core/order-status";
import { courierTrackingUrl, TRACK_MESSAGES, type TrackedOrder } from "~/core/order-tracking";
import type { TrackQuery } from "~/core/schemas/order-tracking";
import type { AppContext } from "../app-context";
import type { Db } from "../db/client";
import { orderCouriers, orderLines, orderStatusHistory, orders } from "../db/schema";
import { AppError } from "../errors";
import { addressSubject } from "../rate-limit/address";
import { orderCodeView } from "./order-codes";

/**
 * Tracking an order by its number and phone (issue 24 item 1, decision 060): one service for the
 * /track-order page and GET /api/track.
 */

/**
 * The one answer to a pair that names no order: a missing number, a wrong phone and another
 * customer's order are told apart by nothing (status, body, message).
 */
export function trackNotFound(): AppError {
  return new AppError("not_found", TRACK_MESSAGES.notFound);
}

/** The order with this number placed with this phone, or null (nothing says which part failed). */
export async function findOrderByNumberAndPhone(
  db: Db,
  query: TrackQuery,
): Promise<typeof orders.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, query.orderNumber), eq(orders.mobileNumber, query.phone)))
    .limit(1);
  return row ?? null;
}

/**
 * Counts a look-up against the tracking limits (decision 060): per client address (a ceiling
 * that a sale behind one carrier NAT does not meet), per order number from one address and per
 * phone (the tight ones: guessing the phone of one order, or the orders of one phone), and per
 * order number from every address (a ceiling). 429 when over.
 */
export async function countTrackingLookup(
  deps: Pick<AppContext, "rateLimiter">,
  query: TrackQuery,
  clientAddress: string,
): Promise<void> {
  const address = addressSubject(clientAddress);
  await deps.rateLimiter.consume(
    ["trackPerOrderNumberFromAddress", `${query.orderNumber} ${address}`],
    ["trackPerOrderNumber", String(query.orderNumber)],
    ["trackPerPhone", query.phone],
    ["trackPerAddress", address],
  );
}

/**
 * The order named by the pair, as its customer may see it: status timeline (Asia/Dhaka is the
 * page's business; times are ISO here), items, totals, district and thana, the booked parcel and,
 * while it waits for one, the order code's state. A pair that names no order → 404, one answer.
 */
export async function trackOrder(
  deps: Pick<AppContext, "db" | "rateLimiter">,
  query: TrackQuery,
  clientAddress: string,
  now: Date = new Date(),
): Promise<TrackedOrder> {
  await countTrackingLookup(deps, query, clientAddress);
  const order = await findOrderByNumberAndPhone(deps.db, query);
  if (!order) throw trackNotFound();
  const [history, lines, [parcel], code] = await Promise.all([
    deps.db
      .select({ status: orderStatusHistory.toStatus, at: orderStatusHistory.changedAt })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.changedAt), asc(orderStatusHistory.id)),
    deps.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position)),
    deps.db.select().from(orderCouriers).where(eq(orderCouriers.orderId, order.id)).limit(1),
    orderCodeView(deps.db, order, now),
  ]);
  const booked = parcel && parcel.state === "booked" ? parcel : undefined;
  const trackingCode = booked?.trackingCode ?? booked?.consignmentId ?? null;
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    placedAt: order.placedAt.toISOString(),
    history: history.map((h) => ({ status: h.status as OrderStatus, at: h.at.toISOString() })),
    items: lines.map((l) => ({
      name: l.name,
      nameBn: l.nameBn,
      size: l.size,
      color: l.color,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      lineTotal: l.unitPrice * l.quantity,
    })),
    subTotal: order.subTotal,
    deliveryCharge: order.deliveryCharge,
    total: order.total,
    district: order.district,
    thana: order.thana,
    courier:
      booked && trackingCode
        ? {
            name: booked.courier,
            trackingCode,
            trackingUrl: courierTrackingUrl(booked.courier, booked),
          }
        : null,
    code,
  };
}
