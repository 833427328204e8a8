import type { DeliveryArea } from "../../core/delivery";
import { orderTotals } from "../../core/delivery";
import type { OrderStatus } from "../../core/order-status";
import type { Db } from "../db/client";
import { newId } from "../db/ids";
import { orderLines, orderStatusHistory, orders } from "../db/schema";

export type OrderLineRecord = {
  productId: string;
  name: string;
  imageUrl: string;
  color: string;
  size: string;
  unitPrice: number;
  quantity: number;
};

export type CustomerRecord = {
  name: string;
  email: string;
  mobileNumber: string;
  district: string;
  thana: string;
  address: string;
  comment: string;
  addressType: string;
  deliveryArea: DeliveryArea;
  paymentSystem: string;
};

export type StatusChange = {
  to: OrderStatus;
  at: Date;
  byUserId: string | null;
  byRole: "admin" | "customer" | "system";
};

export type NewOrderRecord = {
  userId: string | null;
  customer: CustomerRecord;
  lines: OrderLineRecord[];
  placedAt: Date;
  idempotencyKey?: string;
  /** Status changes after placement, oldest first; the last one is the order's status. */
  laterChanges?: StatusChange[];
};

/**
 * Stores an order with its lines and status history in one transaction. Totals are computed
 * here from the line snapshots: callers pass server-side prices, never the browser's.
 */
export async function insertOrder(db: Db, record: NewOrderRecord) {
  const totals = orderTotals(
    record.lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity })),
    record.customer.deliveryArea,
  );
  const changes = record.laterChanges ?? [];
  const status = changes.at(-1)?.to ?? "Pending";
  const id = newId();
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        id,
        userId: record.userId,
        customerEmail: record.customer.email.toLowerCase(),
        customerName: record.customer.name,
        mobileNumber: record.customer.mobileNumber,
        district: record.customer.district,
        thana: record.customer.thana,
        address: record.customer.address,
        comment: record.customer.comment,
        addressType: record.customer.addressType,
        deliveryArea: record.customer.deliveryArea,
        paymentSystem: record.customer.paymentSystem,
        deliveryCharge: totals.deliveryCharge,
        subTotal: totals.subTotal,
        total: totals.total,
        status,
        idempotencyKey: record.idempotencyKey ?? null,
        placedAt: record.placedAt,
        createdAt: record.placedAt,
        updatedAt: changes.at(-1)?.at ?? record.placedAt,
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    await tx
      .insert(orderLines)
      .values(
        record.lines.map((line, position) => ({ id: newId(), orderId: id, position, ...line })),
      );
    let from: OrderStatus | null = null;
    const history = [
      {
        to: "Pending" as OrderStatus,
        at: record.placedAt,
        byUserId: record.userId,
        byRole: record.userId ? "customer" : "system",
      } satisfies StatusChange,
      ...changes,
    ].map((change) => {
      const row = {
        id: newId(),
        orderId: id,
        fromStatus: from,
        toStatus: change.to,
        changedByUserId: change.byUserId,
        changedByRole: change.byRole,
        changedAt: change.at,
      };
      from = change.to;
      return row;
    });
    await tx.insert(orderStatusHistory).values(history);
    if (!order) throw new Error("insert returned no order");
    return { ...order, status, ...totals };
  });
}
