export const ORDER_STATUSES = [
  "Pending",
  "Confirmed",
  "Shipping",
  "Delivered",
  "Cancelled",
  "Return",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ROLES = ["admin", "customer"] as const;
export type Role = (typeof ROLES)[number];

export function isOrderStatus(x: unknown): x is OrderStatus {
  return typeof x === "string" && (ORDER_STATUSES as readonly string[]).includes(x);
}

/**
 * docs: shared/spec/decisions.md "Allowed transitions"; "customer" means the order's owner.
 * Admins may also record a return at any time (decisions.md "Returns"); the owner's Return is
 * further bounded by the return window (`returnDeadline`).
 */
const TRANSITIONS: Record<Role, Record<OrderStatus, readonly OrderStatus[]>> = {
  admin: {
    Pending: ["Confirmed", "Cancelled"],
    Confirmed: ["Shipping", "Delivered", "Cancelled"],
    Shipping: ["Delivered", "Cancelled"],
    Cancelled: ["Confirmed"],
    Delivered: ["Return"],
    Return: [],
  },
  customer: {
    Pending: ["Cancelled"],
    Confirmed: ["Cancelled"],
    Shipping: ["Cancelled"],
    Cancelled: ["Confirmed"],
    Delivered: ["Return"],
    Return: [],
  },
};

export function allowedNextStatuses(from: OrderStatus, role: Role): readonly OrderStatus[] {
  return TRANSITIONS[role][from];
}

export function canTransition(from: OrderStatus, to: OrderStatus, role: Role): boolean {
  return allowedNextStatuses(from, role).includes(to);
}

export const ADMIN_ACTIVE_STATUSES: readonly OrderStatus[] = ["Pending", "Confirmed"];
export const CUSTOMER_ACTIVE_STATUSES: readonly OrderStatus[] = [
  "Pending",
  "Confirmed",
  "Shipping",
];
export const DELETABLE_ORDER_STATUSES: readonly OrderStatus[] = [
  "Cancelled",
  "Delivered",
  "Return",
];

export function canDeleteOrder(status: OrderStatus): boolean {
  return DELETABLE_ORDER_STATUSES.includes(status);
}

/** decisions.md "Returns": the owner may set Return this many days after delivery (RETURN_DAYS). */
export const DEFAULT_RETURN_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment the owner may set Return on an order delivered at `deliveredAt`. */
export function returnDeadline(deliveredAt: Date, returnDays: number): Date {
  return new Date(deliveredAt.getTime() + returnDays * DAY_MS);
}

/** The words shown when the owner asks for a return after the window. */
export function returnWindowClosedText(returnDays: number): string {
  return `Returns are accepted within ${returnDays} day${returnDays === 1 ? "" : "s"} of delivery`;
}

/**
 * The changes couriers make, with no person involved (decision 051): a booked parcel moves a
 * Confirmed order to Shipping; its end moves a Shipping order to Delivered or Return. Anything
 * else (a late, repeated or out-of-order notification) changes nothing: never backwards.
 */
export function courierNextStatus(
  from: OrderStatus,
  event: "booked" | "delivered" | "returned",
): OrderStatus | null {
  if (event === "booked") return from === "Confirmed" ? "Shipping" : null;
  if (from !== "Shipping") return null;
  return event === "delivered" ? "Delivered" : "Return";
}
