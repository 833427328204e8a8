export const DELIVERY_AREAS = ["Inside Dhaka", "Outside Dhaka"] as const;
export type DeliveryArea = (typeof DELIVERY_AREAS)[number];

export const DELIVERY_CHARGES: Record<DeliveryArea, number> = {
  "Inside Dhaka": 60,
  "Outside Dhaka": 120,
};

/** Shown as policy text only; no order gets free delivery because of it. */
export const FREE_SHIPPING_TEXT_THRESHOLD = 5000;

export function isDeliveryArea(x: unknown): x is DeliveryArea {
  return typeof x === "string" && (DELIVERY_AREAS as readonly string[]).includes(x);
}

export function deliveryCharge(area: DeliveryArea): number {
  return DELIVERY_CHARGES[area];
}

export type OrderTotals = { subTotal: number; deliveryCharge: number; total: number };

/** Prices are whole taka; anything else is a bug upstream, so it throws rather than rounds. */
export function orderTotals(
  lines: readonly { unitPrice: number; quantity: number }[],
  area: DeliveryArea,
): OrderTotals {
  let subTotal = 0;
  for (const { unitPrice, quantity } of lines) {
    if (!Number.isSafeInteger(unitPrice) || unitPrice < 0) {
      throw new RangeError(`unitPrice must be a whole, non-negative taka amount: ${unitPrice}`);
    }
    if (!Number.isSafeInteger(quantity) || quantity < 1) {
      throw new RangeError(`quantity must be a whole number ≥ 1: ${quantity}`);
    }
    subTotal += unitPrice * quantity;
  }
  const charge = deliveryCharge(area);
  return { subTotal, deliveryCharge: charge, total: subTotal + charge };
}
