/** The couriers Haat books parcels with (decision 051). */
export const COURIER_NAMES = ["steadfast", "pathao", "redx"] as const;
export type CourierName = (typeof COURIER_NAMES)[number];

export const COURIER_LABELS: Record<CourierName, string> = {
  steadfast: "Steadfast",
  pathao: "Pathao",
  redx: "RedX",
};

/** The couriers' names as Bengali writes them: Bengali pages and the Bengali SMS and emails. */
export const COURIER_LABELS_BN: Record<CourierName, string> = {
  steadfast: "স্টেডফাস্ট",
  pathao: "পাঠাও",
  redx: "রেডএক্স",
};

export function isCourierName(x: unknown): x is CourierName {
  return typeof x === "string" && (COURIER_NAMES as readonly string[]).includes(x);
}

/**
 * Where a booking stands: `queued` (a job will send it), `booking` (sent, no answer recorded
 * yet), `booked` (the courier has the parcel), `failed` (the courier refused it or kept
 * failing: `lastError` says why, an admin may retry), `unknown` (a request may have reached a
 * courier that cannot be asked by invoice: check its panel before retrying).
 */
export const BOOKING_STATES = ["queued", "booking", "booked", "failed", "unknown"] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/**
 * Whether a courier's status says the parcel is still on its way to the customer (decision 078):
 * anything but a cancellation or a return (`cancelled`, `cancelled_approval_pending`, Pathao's
 * `Pickup Cancelled`, RedX's `agent-returning`, …). Said of a Cancelled order's parcel, it is a
 * parcel that may yet be delivered.
 */
export function isParcelMoving(courierStatus: string): boolean {
  return !/cancel|return/i.test(courierStatus);
}

/** Whether a courier's status says it delivered part of the parcel (Steadfast, Pathao). */
export function isPartialDelivery(courierStatus: string): boolean {
  return /^partial-deliver(?:y|ed)$/.test(parcelStatusKey(courierStatus));
}

/** What every order answer carries once a courier is involved (`courier`). */
export type OrderCourierView = {
  name: CourierName;
  consignmentId: string | null;
  trackingCode: string | null;
  /** The courier's own status of the parcel (e.g. `in_review`, `delivered`), once it has one. */
  status: string | null;
  /** Admins only from here on. */
  booking?: BookingState;
  charge?: number | null;
  lastError?: string | null;
  message?: string | null;
  bookedAt?: string | null;
  attempts?: number;
};

/** An order's cash-on-delivery history at this shop, by its phone number (admins only). */
export type OrderRiskView = {
  orders: number;
  delivered: number;
  cancelled: number;
  returned: number;
  /** Delivered / (delivered + returned), null before any parcel came to an end. */
  deliveredRatio: number | null;
  risky: boolean;
  blocked: boolean;
  /** Steadfast's history of the number across merchants, when fetched (once per day). */
  courierHistory?: {
    totalParcels: number;
    delivered: number;
    cancelled: number;
    checkedAt: string;
  } | null;
};

/**
 * A courier's own parcel status as one key for its text on screen: Steadfast writes
 * `partial_delivered`, Pathao `Pickup_Requested` or an `order.pickup-requested` event, RedX
 * `delivery-in-progress`; all become lower case with hyphens (`partial-delivered`).
 */
export function parcelStatusKey(status: string): string {
  return status
    .trim()
    .toLowerCase()
    .replace(/^order\./, "")
    .replace(/[\s_.]+/g, "-");
}

/** The parcel statuses the couriers are known to send, with a text of their own on screen. */
export const KNOWN_PARCEL_STATUSES = [
  "pending",
  "in-review",
  "pickup-pending",
  "pickup-requested",
  "assigned-for-pickup",
  "picked",
  "pickup-failed",
  "pickup-cancelled",
  "in-transit",
  "at-the-sorting-hub",
  "received-at-last-mile-hub",
  "assigned-for-delivery",
  "ready-for-delivery",
  "delivery-in-progress",
  "delivered",
  "delivered-approval-pending",
  "partial-delivered",
  "partial-delivery",
  "partial-delivered-approval-pending",
  "delivery-failed",
  "hold",
  "on-hold",
  "agent-hold",
  "cancelled",
  "cancelled-approval-pending",
  "agent-returning",
  "return",
  "returned",
  "paid-return",
  "unknown",
  "unknown-approval-pending",
] as const;
