import type { CourierName } from "./courier";
import type { OrderStatus } from "./order-status";
import { MOBILE_NUMBER_MESSAGE } from "./phone";

/**
 * Tracking an order by its number and the phone it was placed with (issue 24, decision 060):
 * the rules shared by the /track-order page, its form and GET /api/track. The zod schemas are in
 * core/schemas/order-tracking.ts, so that the pages that only link or show a code do not ship zod.
 */

export const TRACK_ORDER_PATH = "/track-order";

export const TRACK_MESSAGES = {
  orderNumber: "Enter the order number from your order confirmation or SMS (e.g. 100123)",
  phone: MOBILE_NUMBER_MESSAGE,
  notFound:
    "We found no order with this order number and phone number. Check both and try again: use the phone number the order was placed with.",
} as const;

/** The link that opens /track-order with both values filled in (SMS, the order-success page). */
export function trackOrderLink(orderNumber: number, phone: string, base = ""): string {
  const query = new URLSearchParams({ orderNumber: String(orderNumber), phone });
  return `${base}${TRACK_ORDER_PATH}?${query}`;
}

/** Where an order code stands, as the customer is told (decision 060). */
export type OrderCodeState =
  /** A code was sent and may still be entered. */
  | "awaiting"
  /** The last code expired: a new one may be asked for (while resends are left). */
  | "expired"
  /** Too many wrong codes, or expired with no resend left: staff will call. */
  | "locked";

export type OrderCodeView = {
  state: OrderCodeState;
  /** Whether "Send a new code" is offered now, and when it will be if not yet. */
  resendsLeft: number;
  resendAfterSeconds: number;
  /** Wrong tries left before the order is locked. */
  triesLeft: number;
};

/** What a tracked order shows: nothing personal beyond the district and thana. */
export type TrackedOrder = {
  orderNumber: number;
  status: OrderStatus;
  placedAt: string;
  history: { status: OrderStatus; at: string }[];
  items: {
    name: string;
    /** The product's Bengali name, "" when it had none. */
    nameBn: string;
    size: string;
    color: string;
    quantity: number;
    unitPrice: number;
    lineTotal: number;
  }[];
  subTotal: number;
  deliveryCharge: number;
  total: number;
  district: string;
  thana: string;
  /** The booked parcel: its courier, tracking code and the courier's public tracking page. */
  courier: { name: CourierName; trackingCode: string; trackingUrl: string | null } | null;
  /** Present while the order waits for its one-time code (ORDER_OTP). */
  code: OrderCodeView | null;
};

/**
 * The courier's public tracking page of a parcel, or null when the courier has none we know.
 * Steadfast: `steadfast.com.bd/t/<tracking code>`; Pathao: its merchant site's tracking page by
 * consignment id (the page asks for the phone itself); RedX: `redx.com.bd/track-parcel/` by
 * tracking id.
 */
export function courierTrackingUrl(
  courier: CourierName,
  parcel: { trackingCode: string | null; consignmentId: string | null },
): string | null {
  const code = parcel.trackingCode ?? parcel.consignmentId;
  if (!code) return null;
  const c = encodeURIComponent(code);
  switch (courier) {
    case "steadfast":
      return `https://steadfast.com.bd/t/${c}`;
    case "pathao":
      return `https://merchant.pathao.com/tracking?consignment_id=${encodeURIComponent(parcel.consignmentId ?? code)}`;
    case "redx":
      return `https://redx.com.bd/track-parcel/?trackingId=${c}`;
  }
}

// ---------------------------------------------------------------- Order codes (ORDER_OTP)

/** Which orders wait for a one-time code: none, the risky ones (decision 052), or all. */
export const ORDER_OTP_MODES = ["off", "risky", "all"] as const;
export type OrderOtpMode = (typeof ORDER_OTP_MODES)[number];

export const ORDER_CODE_DIGITS = 6;
/** A code may be entered for this long after it was sent. */
export const ORDER_CODE_TTL_SECONDS = 10 * 60;
/** Wrong codes an order accepts (over all its codes) before it is locked for staff. */
export const ORDER_CODE_MAX_WRONG_TRIES = 5;
/** New codes a customer may ask for after the first one, and the wait between two. */
export const ORDER_CODE_MAX_RESENDS = 3;
export const ORDER_CODE_RESEND_GAP_SECONDS = 60;

export const ORDER_CODE_MESSAGES = {
  verified: "Thank you! Your order is confirmed by its code and goes on to our team.",
  alreadyVerified: "This order does not wait for a code.",
  expired: "This code has expired. Ask for a new code.",
  locked:
    "Too many wrong codes, or no new code left. Your order is kept: our team will call you to confirm it.",
  noResendLeft: "No new code can be sent for this order. Our team will call you to confirm it.",
  resent: "A new code is on its way by SMS.",
} as const;

/**
 * The code SMS as staff see it: the code proves that the customer holds the phone, so the shop's
 * screens show that it went out, not the code (the order number, after "#", stays).
 */
export function hideOrderCode(text: string): string {
  return text.replace(/(?<![#\d])\d{6}(?!\d)/g, "••••••");
}

/**
 * How long /order-success shows an order's summary after it was placed (its random id in the URL
 * is the capability, decision 041): long enough to read it, screenshot it and enter a code, not
 * so long that a link in a shared phone's history or a forwarded screenshot opens the order, with
 * the phone in its tracking link, for ever. After it, the page sends the visitor to Track Order.
 */
export const ORDER_SUMMARY_HOURS = 24;
