/**
 * What /order-success shows of the order just placed. The checkout hands it on as navigation
 * state, so it lives only in this tab's history entry (it survives a reload there) and a
 * visitor who opens /order-success directly is told that nothing was ordered.
 */
export type PlacedOrderSummary = {
  orderNumber: number;
  items: { name: string; nameBn?: string; quantity: number; lineTotal: number }[];
  subTotal: number;
  deliveryCharge: number;
  total: number;
};

export type OrderSuccessState = { placedOrder: PlacedOrderSummary };

const isAmount = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;

/** The summary from navigation state, or null when there is none (or it is not one). */
export function placedOrderFrom(state: unknown): PlacedOrderSummary | null {
  const s = (state as Partial<OrderSuccessState> | null)?.placedOrder;
  if (typeof s !== "object" || s === null) return null;
  if (!Number.isSafeInteger(s.orderNumber) || s.orderNumber < 1) return null;
  if (!Array.isArray(s.items) || s.items.length === 0) return null;
  if (!isAmount(s.subTotal) || !isAmount(s.deliveryCharge) || !isAmount(s.total)) return null;
  const items = s.items.filter(
    (i) =>
      typeof i?.name === "string" &&
      Number.isSafeInteger(i.quantity) &&
      i.quantity > 0 &&
      isAmount(i.lineTotal),
  );
  if (items.length !== s.items.length) return null;
  return {
    orderNumber: s.orderNumber,
    items,
    subTotal: s.subTotal,
    deliveryCharge: s.deliveryCharge,
    total: s.total,
  };
}
