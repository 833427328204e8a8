import { and, eq } from "drizzle-orm";
import type { Actor } from "../../core/actor";
import { canDeleteOrder, canTransition, type OrderStatus } from "../../core/order-status";
import type { Db } from "../db/client";
import { newId } from "../db/ids";
import { orderStatusHistory, orders } from "../db/schema";
import { AppError } from "../errors";
import { visibleTo } from "./order-queries";

export type StatusChangeResult = { id: string; from: OrderStatus; to: OrderStatus };

/**
 * Moves an order to `to` if decisions.md's table allows it for the viewer's role (an admin, or
 * the order's owner), recording who changed it. The row is locked for the change, so two
 * people acting on one order at once are serialized and the second sees the first's result.
 * Not visible to the viewer → 404; not allowed from the current status → 409. With
 * `expectedFrom` (the status the caller saw), an order that has moved on meanwhile → 409 with
 * its `currentStatus`, checked under the lock so a change made in between is never overridden.
 */
export async function changeOrderStatus(
  db: Db,
  viewer: Actor,
  id: string,
  to: OrderStatus,
  expectedFrom?: OrderStatus,
  now: Date = new Date(),
): Promise<StatusChangeResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, id), visibleTo(viewer)))
      .for("update")
      .limit(1);
    if (!order) throw AppError.notFound("Order");
    if (expectedFrom !== undefined && order.status !== expectedFrom) {
      throw new AppError(
        "conflict",
        order.status === to
          ? `The order is already ${to}`
          : `The order was changed meanwhile: it is now ${order.status}`,
        undefined,
        { currentStatus: order.status },
      );
    }
    if (!canTransition(order.status, to, viewer.role)) {
      throw new AppError(
        "conflict",
        order.status === to
          ? `The order is already ${to}`
          : `An order that is ${order.status} cannot be set to ${to}`,
        undefined,
        { orderStatus: order.status },
      );
    }
    await tx.update(orders).set({ status: to, updatedAt: now }).where(eq(orders.id, id));
    await tx.insert(orderStatusHistory).values({
      id: newId(),
      orderId: id,
      fromStatus: order.status,
      toStatus: to,
      changedByUserId: viewer.userId,
      changedByRole: viewer.role,
      changedAt: now,
    });
    return { id, from: order.status, to };
  });
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
