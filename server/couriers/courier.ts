import type { CourierName } from "~/core/courier";

/** One parcel as Haat asks a courier to carry it. */
export type ParcelRequest = {
  /** The order number as printed on its invoice: the courier's invoice / merchant order id. */
  invoice: string;
  recipientName: string;
  recipientPhone: string;
  /** Street address, thana and district in one line. */
  recipientAddress: string;
  /** Cash to collect at the door: the order's total, in taka. */
  codAmount: number;
  note: string;
  itemDescription: string;
  itemQuantity: number;
  weightGrams: number;
  /** The thana's area at this courier (Pathao and RedX need one). */
  area?: CourierAreaRef;
};

/** A thana's place in a courier's own address tree. */
export type CourierAreaRef = {
  cityId?: number | null;
  zoneId?: number | null;
  areaId?: number | null;
  areaName?: string | null;
};

export type BookedParcel = {
  consignmentId: string;
  trackingCode: string;
  /** The courier's status right after booking (`in_review`, `Pending`, …). */
  status: string;
  /** The courier's delivery charge when it says, in taka. */
  charge: number | null;
};

/**
 * Where a parcel ends, in Haat's terms: `delivered` (the customer paid: Delivered), `returned`
 * (refused or cancelled at the door, on its way back: Return), null while it is still moving.
 */
export type ParcelOutcome = "delivered" | "returned" | null;

export type ParcelStatus = {
  status: string;
  outcome: ParcelOutcome;
  message: string | null;
  consignmentId?: string;
  trackingCode?: string;
  charge?: number | null;
};

export type ParcelRef = {
  consignmentId: string | null;
  trackingCode: string | null;
  invoice: string;
};

/** One choice of a courier's address tree (a Pathao city, zone or area; a RedX area). */
export type AreaOption = { id: number; name: string };

export type AreaQuery = { district: string; cityId?: number; zoneId?: number };

export interface Courier {
  readonly name: CourierName;
  /** Whether booking needs the thana's area at this courier. */
  readonly needsArea: boolean;
  /**
   * The parcel already booked under this invoice, if the courier can be asked (Steadfast);
   * null when it has none. Absent for couriers that cannot be asked by invoice.
   */
  findByInvoice?: (invoice: string) => Promise<ParcelStatus | null>;
  book: (parcel: ParcelRequest) => Promise<BookedParcel>;
  status: (ref: ParcelRef) => Promise<ParcelStatus>;
  /**
   * Cancels a booked parcel that has not left for delivery (RedX's `PATCH /parcels`). Absent for
   * couriers whose published API has no cancel (Steadfast, Pathao: their panel only). A courier
   * that refuses (already picked up) throws `rejected` with its words (decision 078).
   */
  cancel?: (ref: ParcelRef, reason: string) => Promise<void>;
  /**
   * The courier's address choices: Pathao's cities (no ids), a city's zones (cityId) or a zone's
   * areas (zoneId); RedX's areas of a district.
   */
  areas?: (query: AreaQuery) => Promise<AreaOption[]>;
}

/**
 * Why a courier call failed: `rejected` (the courier refused the parcel's data; the same
 * request will fail again), `unauthorized` (our keys are wrong), `unavailable` (its server
 * failed or could not be reached: try again later), `timeout` (no answer in time: the request
 * may or may not have been carried out).
 */
export type CourierErrorKind = "rejected" | "unauthorized" | "unavailable" | "timeout";

export class CourierError extends Error {
  override name = "CourierError";
  constructor(
    readonly courier: CourierName,
    readonly kind: CourierErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }

  /** Whether the same call may succeed later without anyone changing anything. */
  get retryable(): boolean {
    return this.kind === "unavailable" || this.kind === "timeout";
  }
}
