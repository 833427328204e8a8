import type { Courier, ParcelOutcome, ParcelStatus } from "./courier";
import { CourierError } from "./courier";
import {
  COURIER_TIMEOUT_MS,
  type CourierAnswer,
  courierRequest,
  numberOrNull,
  textOrNull,
} from "./http";
import type { CourierSettings } from "./settings";

/**
 * Steadfast's merchant API (research/integrations.md): `Api-Key` and `Secret-Key` headers,
 * `POST /create_order`, status by consignment id or invoice, `GET /fraud_check/{phone}`.
 * Steadfast sometimes answers HTTP 200 with `status: 4xx` in the body; that counts as the 4xx.
 */

/** delivery_status → where the parcel ends (decision 051). `*_approval_pending` is not final yet. */
export function steadfastOutcome(status: string): ParcelOutcome {
  switch (status.trim().toLowerCase()) {
    case "delivered":
    case "partial_delivered":
      return "delivered";
    case "cancelled":
      return "returned";
    default:
      return null;
  }
}

export type SteadfastFraudCheck = { totalParcels: number; delivered: number; cancelled: number };

export function steadfastCourier(
  settings: NonNullable<CourierSettings["steadfast"]>,
  timeoutMs: number = COURIER_TIMEOUT_MS,
): Courier & { fraudCheck: (phone: string) => Promise<SteadfastFraudCheck> } {
  const headers = { "Api-Key": settings.apiKey, "Secret-Key": settings.secretKey };

  async function call(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
  ): Promise<CourierAnswer> {
    const answer = await courierRequest(
      "steadfast",
      `${settings.apiUrl}${path}`,
      { method, headers, body },
      timeoutMs,
    );
    const inner = numberOrNull(answer.body.status);
    if (inner !== null && inner >= 400) {
      const message = textOrNull(answer.body.message) ?? `Steadfast answered status ${inner}`;
      const errors = answer.body.errors;
      const detail =
        errors && typeof errors === "object"
          ? Object.entries(errors as Record<string, unknown>)
              .map(([f, m]) => `${f}: ${Array.isArray(m) ? m.join(" ") : String(m)}`)
              .join("; ")
          : "";
      const text = detail ? `${message} — ${detail}` : message;
      if (inner === 401 || inner === 403)
        throw new CourierError("steadfast", "unauthorized", text, inner);
      if (inner >= 500) throw new CourierError("steadfast", "unavailable", text, inner);
      throw new CourierError("steadfast", "rejected", text, inner);
    }
    return answer;
  }

  function statusOf(body: Record<string, unknown>): ParcelStatus {
    const status = textOrNull(body.delivery_status);
    if (!status)
      throw new CourierError("steadfast", "unavailable", "Steadfast sent no delivery_status");
    return {
      status,
      outcome: steadfastOutcome(status),
      message: null,
      ...(textOrNull(body.consignment_id)
        ? { consignmentId: textOrNull(body.consignment_id) as string }
        : {}),
      ...(textOrNull(body.tracking_code)
        ? { trackingCode: textOrNull(body.tracking_code) as string }
        : {}),
    };
  }

  return {
    name: "steadfast",
    needsArea: false,
    async findByInvoice(invoice) {
      try {
        const { body } = await call("GET", `/status_by_invoice/${encodeURIComponent(invoice)}`);
        return statusOf(body);
      } catch (err) {
        if (err instanceof CourierError && err.kind === "rejected" && err.status === 404)
          return null;
        throw err;
      }
    },
    async book(parcel) {
      const { body } = await call("POST", "/create_order", {
        invoice: parcel.invoice,
        recipient_name: parcel.recipientName.slice(0, 100),
        recipient_phone: parcel.recipientPhone,
        recipient_address: parcel.recipientAddress.slice(0, 250),
        cod_amount: parcel.codAmount,
        note: parcel.note,
        item_description: parcel.itemDescription,
        total_lot: parcel.itemQuantity,
        delivery_type: 0,
      });
      const consignment = (body.consignment ?? {}) as Record<string, unknown>;
      const consignmentId = textOrNull(consignment.consignment_id);
      if (!consignmentId) {
        throw new CourierError(
          "steadfast",
          "unavailable",
          "Steadfast answered without a consignment id",
        );
      }
      return {
        consignmentId,
        trackingCode: textOrNull(consignment.tracking_code) ?? consignmentId,
        status: textOrNull(consignment.status) ?? "in_review",
        charge: null,
      };
    },
    async status(ref) {
      const path = ref.consignmentId
        ? `/status_by_cid/${encodeURIComponent(ref.consignmentId)}`
        : `/status_by_invoice/${encodeURIComponent(ref.invoice)}`;
      return statusOf((await call("GET", path)).body);
    },
    async fraudCheck(phone) {
      const { body } = await call("GET", `/fraud_check/${encodeURIComponent(phone)}`);
      return {
        totalParcels: numberOrNull(body.total_parcels) ?? 0,
        delivered: numberOrNull(body.total_delivered) ?? 0,
        cancelled: numberOrNull(body.total_cancelled) ?? 0,
      };
    },
  };
}

/** A Steadfast webhook body, checked; null when it is not one. */
export type SteadfastNotification = {
  consignmentId: string | null;
  invoice: string | null;
  status: string | null;
  message: string | null;
  charge: number | null;
  /** The cash collected (`cod_amount`), when the notification carries it. */
  codAmount: number | null;
  at: Date | null;
};

export function parseSteadfastWebhook(body: unknown): SteadfastNotification | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  const type = b.notification_type;
  if (type !== "delivery_status" && type !== "tracking_update") return null;
  const consignmentId = textOrNull(b.consignment_id);
  const invoice = textOrNull(b.invoice);
  if (!consignmentId && !invoice) return null;
  const status = type === "delivery_status" ? textOrNull(b.status) : null;
  if (type === "delivery_status" && !status) return null;
  const at = textOrNull(b.updated_at);
  const parsedAt = at ? new Date(at.includes("T") ? at : `${at.replace(" ", "T")}+06:00`) : null;
  return {
    consignmentId,
    invoice,
    status,
    message: textOrNull(b.tracking_message),
    charge: numberOrNull(b.delivery_charge),
    codAmount: numberOrNull(b.cod_amount),
    at: parsedAt && !Number.isNaN(parsedAt.getTime()) ? parsedAt : null,
  };
}
