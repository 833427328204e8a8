import type { CourierName } from "~/core/courier";

/** The intents of the booking and bulk forms (lists, overview, failed bookings). */
export const COURIER_INTENTS = [
  "courier-book",
  "courier-area",
  "courier-retry",
  "courier-rearea",
  "bulk-confirm",
  "bulk-book",
] as const;
export type CourierIntent = (typeof COURIER_INTENTS)[number];

export function isCourierIntent(x: unknown): x is CourierIntent {
  return typeof x === "string" && (COURIER_INTENTS as readonly string[]).includes(x);
}

/** The couriers whose bookings need a thana's area (decision 051). */
export const AREA_COURIERS = ["pathao", "redx"] as const satisfies readonly CourierName[];

export function needsAreas(courier: CourierName): courier is (typeof AREA_COURIERS)[number] {
  return (AREA_COURIERS as readonly CourierName[]).includes(courier);
}

/** The id of the form the list's checkboxes belong to (`form=` attribute: no nested forms). */
export const BULK_FORM_ID = "bulk-orders";

/** A thana's area to pick before booking: the courier's choices at this step. */
export type AreaQuestion = {
  orderId: string;
  courier: CourierName;
  district: string;
  thana: string;
  /** Pathao: the city already picked; its zones are the choices. */
  cityId?: number;
  /** Pathao: the zone already picked (and its name); its areas are the choices. */
  zoneId?: number;
  zoneName?: string;
  /** What the choices are ("city", "zone", "area"). */
  step: "city" | "zone" | "area";
  options: { id: number; name: string }[];
  /** Why no choices could be shown (the courier did not answer). */
  problem?: string;
  /** The order's booking failed: the last step retries it (with this courier) instead. */
  again?: boolean;
  /** The district's and thana's English names, for an English page. */
  english?: { district?: string; thana?: string };
};

export type BulkOutcomeView = {
  id: string;
  orderNumber: number | null;
  ok: boolean;
  message: string;
};

/** What a booking or bulk form's action answered. */
export type CourierActionResult =
  | { ok: true; kind: "courier"; message: string; outcomes?: BulkOutcomeView[] }
  /** A bulk change asked first (spec: status changes ask "Are you sure?"): the orders to post again. */
  | { ok: "sure"; kind: "courier"; ids: string[]; courier: CourierName | null }
  | {
      ok: false;
      kind: "courier";
      message: string;
      area?: AreaQuestion;
      needsConfirmNotBooked?: boolean;
      orderId?: string;
    };

export function isCourierActionResult(x: unknown): x is CourierActionResult {
  return typeof x === "object" && x !== null && (x as { kind?: unknown }).kind === "courier";
}
