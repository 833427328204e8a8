import type { Courier, ParcelOutcome } from "./courier";
import { CourierError } from "./courier";
import { COURIER_TIMEOUT_MS, courierRequest, numberOrNull, textOrNull } from "./http";
import type { CourierSettings } from "./settings";

/**
 * RedX's open API: header `API-ACCESS-TOKEN: Bearer <token>`; `POST /parcel` with
 * `merchant_invoice_id`, `delivery_area` and `delivery_area_id`; `GET /parcel/info/{id}` and
 * `/parcel/track/{id}` (messages in English and Bengali); `GET /areas?district_name=`;
 * `PATCH /parcels` cancels a parcel not yet picked up (`entity_type: "parcel-tracking-id"`,
 * `update_details: { property_name: "status", new_value: "cancelled", reason }`).
 */

/** RedX's parcel status → where the parcel ends (decision 051). */
export function redxOutcome(status: string): ParcelOutcome {
  switch (status.trim().toLowerCase()) {
    case "delivered":
      return "delivered";
    case "returned":
      return "returned";
    default:
      return null;
  }
}

export function redxCourier(
  settings: NonNullable<CourierSettings["redx"]>,
  timeoutMs: number = COURIER_TIMEOUT_MS,
): Courier {
  const headers = { "API-ACCESS-TOKEN": `Bearer ${settings.token}` };
  const call = (method: "GET" | "POST" | "PATCH", path: string, body?: unknown) =>
    courierRequest("redx", `${settings.apiUrl}${path}`, { method, headers, body }, timeoutMs);

  return {
    name: "redx",
    needsArea: true,
    async book(parcel) {
      const area = parcel.area;
      if (!area?.areaId || !area.areaName) {
        throw new CourierError("redx", "rejected", "RedX needs the thana's delivery area");
      }
      const { body } = await call("POST", "/parcel", {
        customer_name: parcel.recipientName,
        customer_phone: parcel.recipientPhone,
        delivery_area: area.areaName,
        delivery_area_id: area.areaId,
        customer_address: parcel.recipientAddress,
        merchant_invoice_id: parcel.invoice,
        cash_collection_amount: String(parcel.codAmount),
        parcel_weight: parcel.weightGrams,
        instruction: parcel.note,
        value: parcel.codAmount,
        parcel_details_json: [],
      });
      const trackingId = textOrNull(body.tracking_id);
      if (!trackingId) {
        throw new CourierError("redx", "unavailable", "RedX answered without a tracking id");
      }
      return {
        consignmentId: trackingId,
        trackingCode: trackingId,
        status: "pickup-pending",
        charge: null,
      };
    },
    async status(ref) {
      const id = ref.consignmentId ?? ref.trackingCode;
      if (!id) throw new CourierError("redx", "rejected", "RedX is asked by tracking id only");
      const { body } = await call("GET", `/parcel/info/${encodeURIComponent(id)}`);
      const parcel = (body.parcel ?? {}) as Record<string, unknown>;
      const status = textOrNull(parcel.status);
      if (!status) throw new CourierError("redx", "unavailable", "RedX sent no parcel status");
      return {
        status,
        outcome: redxOutcome(status),
        message: null,
        charge: numberOrNull(parcel.charge),
      };
    },
    async cancel(ref, reason) {
      const id = ref.consignmentId ?? ref.trackingCode;
      if (!id) throw new CourierError("redx", "rejected", "RedX cancels by tracking id only");
      const { body } = await call("PATCH", "/parcels", {
        entity_type: "parcel-tracking-id",
        entity_id: id,
        update_details: { property_name: "status", new_value: "cancelled", reason },
      });
      if (body.success === false) {
        throw new CourierError(
          "redx",
          "rejected",
          textOrNull(body.message) ?? "RedX did not cancel the parcel",
        );
      }
    },
    async areas(query) {
      const { body } = await call(
        "GET",
        `/areas?district_name=${encodeURIComponent(query.district)}`,
      );
      const rows = Array.isArray(body.areas) ? (body.areas as Record<string, unknown>[]) : [];
      return rows.flatMap((r) => {
        const id = numberOrNull(r.id);
        const name = textOrNull(r.name);
        return id !== null && name ? [{ id, name }] : [];
      });
    },
  };
}

export type RedxNotification = {
  consignmentId: string;
  invoice: string | null;
  status: string;
  outcome: ParcelOutcome;
  message: string | null;
  at: Date | null;
};

export function parseRedxWebhook(body: unknown): RedxNotification | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  const consignmentId = textOrNull(b.tracking_number);
  const status = textOrNull(b.status);
  if (!consignmentId || !status) return null;
  const en = textOrNull(b.message_en);
  const bn = textOrNull(b.message_bn);
  const at = textOrNull(b.timestamp);
  const parsedAt = at ? new Date(at) : null;
  return {
    consignmentId,
    invoice: textOrNull(b.invoice_number),
    status,
    outcome: redxOutcome(status),
    message: [en, bn].filter(Boolean).join(" / ") || null,
    at: parsedAt && !Number.isNaN(parsedAt.getTime()) ? parsedAt : null,
  };
}
