import { formatTaka } from "./money";

export const DELIVERY_AREAS = ["Inside Dhaka", "Outside Dhaka"] as const;
export type DeliveryArea = (typeof DELIVERY_AREAS)[number];

export const DELIVERY_CHARGES: Record<DeliveryArea, number> = {
  "Inside Dhaka": 60,
  "Outside Dhaka": 120,
};

/** Default of FREE_DELIVERY_OVER: the sub-total from which delivery is free (0 = never). */
export const DEFAULT_FREE_DELIVERY_OVER = 5000;

export function isDeliveryArea(x: unknown): x is DeliveryArea {
  return typeof x === "string" && (DELIVERY_AREAS as readonly string[]).includes(x);
}

/** The area's charge, before the free-delivery rule. */
export function deliveryCharge(area: DeliveryArea): number {
  return DELIVERY_CHARGES[area];
}

/** Whether a sub-total earns free delivery; `freeOver` 0 turns the rule off. */
export function isFreeDelivery(subTotal: number, freeOver: number): boolean {
  return freeOver > 0 && subTotal >= freeOver;
}

/** What the order pays for delivery: the area's charge, or 0 once the sub-total is high enough. */
export function chargeForOrder(area: DeliveryArea, subTotal: number, freeOver: number): number {
  return isFreeDelivery(subTotal, freeOver) ? 0 : deliveryCharge(area);
}

/**
 * What the cart and checkout say about free delivery: null when the rule is off, else whether
 * this sub-total has it and how much more would earn it.
 */
export function freeDeliveryProgress(
  subTotal: number,
  freeOver: number,
): { free: boolean; remaining: number } | null {
  if (freeOver <= 0) return null;
  return { free: subTotal >= freeOver, remaining: Math.max(0, freeOver - subTotal) };
}

/**
 * The line the cart and checkout show under the sub-total: "Free delivery", "Add ৳N more for
 * free delivery", or null when the shop has no free-delivery rule.
 */
export function freeDeliveryNote(subTotal: number, freeOver: number): string | null {
  const progress = freeDeliveryProgress(subTotal, freeOver);
  if (!progress) return null;
  return progress.free
    ? "Free delivery"
    : `Add ${formatTaka(progress.remaining)} more for free delivery`;
}

export type OrderTotals = { subTotal: number; deliveryCharge: number; total: number };

/**
 * Prices are whole taka; anything else is a bug upstream, so it throws rather than rounds.
 * `freeOver` is the shop's FREE_DELIVERY_OVER (0: no free delivery).
 */
export function orderTotals(
  lines: readonly { unitPrice: number; quantity: number }[],
  area: DeliveryArea,
  freeOver: number,
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
  const charge = chargeForOrder(area, subTotal, freeOver);
  return { subTotal, deliveryCharge: charge, total: subTotal + charge };
}
