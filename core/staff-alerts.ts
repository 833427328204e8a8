/**
 * Staff alerts (decision 078): what a courier reported about an order that no longer expects it.
 * - `delivered_after_cancel`: the courier delivered (and collected the cash of) an order that was
 *   Cancelled; the order was moved to Delivered and its pieces taken from stock again.
 * - `parcel_live_after_cancel`: the parcel of a Cancelled order is still moving at the courier
 *   (or was booked after the cancel): cancel it in the courier's panel before it is delivered.
 * - `partial_delivery`: the courier delivered part of the parcel (the customer kept some pieces
 *   and paid for those): the order is Delivered at its full total; what came back is counted and
 *   put back in stock by hand, and the cash collected is the courier's figure.
 */
export const STAFF_ALERT_KINDS = [
  "delivered_after_cancel",
  "parcel_live_after_cancel",
  "partial_delivery",
] as const;
export type StaffAlertKind = (typeof STAFF_ALERT_KINDS)[number];

/** A variant whose pieces were not on hand when a delivered parcel's order took them again. */
export type AlertShortLine = {
  productId: string;
  name: string;
  size: string;
  color: string;
  missing: number;
};

export type StaffAlertDetails = {
  courier?: string;
  courierStatus?: string;
  trackingCode?: string | null;
  codAmount?: number;
  short?: AlertShortLine[];
};

/** An alert as the dashboard and `GET /api/alerts` show it. */
export type StaffAlertView = {
  id: string;
  kind: StaffAlertKind;
  orderId: string | null;
  orderNumber: number | null;
  message: string;
  details: StaffAlertDetails;
  createdAt: string;
};
