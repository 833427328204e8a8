import type { AreaOption, Courier, ParcelOutcome, ParcelStatus } from "./courier";
import { CourierError } from "./courier";
import { COURIER_TIMEOUT_MS, courierRequest, numberOrNull, textOrNull } from "./http";
import type { CourierSettings } from "./settings";

/**
 * Pathao's merchant API, as Pathao's own WooCommerce plugin calls it: a token from
 * `POST /aladdin/api/v1/external/login` (client id and secret), then `Authorization: Bearer`;
 * look-ups of cities → zones → areas; `POST /aladdin/api/v1/orders` with the store, the
 * recipient's city and zone (and area), `merchant_order_id` and `amount_to_collect`.
 */

const API = "/aladdin/api/v1";

/** order_status (or the webhook's event) → where the parcel ends (decision 051). */
export function pathaoOutcome(statusOrEvent: string): ParcelOutcome {
  const key = statusOrEvent
    .trim()
    .toLowerCase()
    .replace(/^order\./, "")
    .replace(/[\s_]+/g, "-");
  switch (key) {
    case "delivered":
    case "partial-delivery":
      return "delivered";
    case "return":
    case "returned":
    case "paid-return":
      return "returned";
    default:
      return null;
  }
}

type Token = { value: string; expiresAt: number };

export function pathaoCourier(
  settings: NonNullable<CourierSettings["pathao"]>,
  timeoutMs: number = COURIER_TIMEOUT_MS,
): Courier {
  let token: Token | null = null;

  async function issueToken(): Promise<string> {
    const { body } = await courierRequest(
      "pathao",
      `${settings.apiUrl}${API}/external/login`,
      {
        method: "POST",
        headers: {},
        body: { client_id: settings.clientId, client_secret: settings.clientSecret },
      },
      timeoutMs,
    );
    const value = textOrNull(body.access_token);
    if (!value) throw new CourierError("pathao", "unauthorized", "Pathao issued no access token");
    const seconds = numberOrNull(body.expires_in) ?? 3600;
    token = { value, expiresAt: Date.now() + Math.max(60, seconds - 60) * 1000 };
    return value;
  }

  /** A call with the token; a token Pathao no longer accepts is renewed once. */
  async function call(method: "GET" | "POST", path: string, body?: unknown) {
    const send = async (bearer: string) =>
      courierRequest(
        "pathao",
        `${settings.apiUrl}${API}${path}`,
        { method, headers: { authorization: `Bearer ${bearer}` }, body },
        timeoutMs,
      );
    const current = token && token.expiresAt > Date.now() ? token.value : await issueToken();
    try {
      return await send(current);
    } catch (err) {
      if (err instanceof CourierError && err.kind === "unauthorized") {
        token = null;
        return send(await issueToken());
      }
      throw err;
    }
  }

  function list(body: Record<string, unknown>): Record<string, unknown>[] {
    const data = body.data as { data?: unknown } | undefined;
    return Array.isArray(data?.data) ? (data.data as Record<string, unknown>[]) : [];
  }

  function options(rows: Record<string, unknown>[], id: string, name: string): AreaOption[] {
    return rows.flatMap((r) => {
      const n = numberOrNull(r[id]);
      const label = textOrNull(r[name]);
      return n !== null && label ? [{ id: n, name: label }] : [];
    });
  }

  return {
    name: "pathao",
    needsArea: true,
    async book(parcel) {
      const area = parcel.area;
      if (!area?.cityId || !area.zoneId) {
        throw new CourierError("pathao", "rejected", "Pathao needs the thana's city and zone");
      }
      const { body } = await call("POST", "/orders", {
        store_id: settings.storeId,
        merchant_order_id: parcel.invoice,
        recipient_name: parcel.recipientName,
        recipient_phone: parcel.recipientPhone,
        recipient_address: parcel.recipientAddress,
        recipient_city: area.cityId,
        recipient_zone: area.zoneId,
        ...(area.areaId ? { recipient_area: area.areaId } : {}),
        delivery_type: 48,
        item_type: 2,
        special_instruction: parcel.note,
        item_quantity: parcel.itemQuantity,
        item_weight: Math.max(0.5, parcel.weightGrams / 1000),
        item_description: parcel.itemDescription,
        amount_to_collect: parcel.codAmount,
      });
      const data = (body.data ?? {}) as Record<string, unknown>;
      const consignmentId = textOrNull(data.consignment_id);
      if (!consignmentId) {
        throw new CourierError("pathao", "unavailable", "Pathao answered without a consignment id");
      }
      return {
        consignmentId,
        trackingCode: consignmentId,
        status: textOrNull(data.order_status) ?? "Pending",
        charge: numberOrNull(data.delivery_fee),
      };
    },
    async status(ref): Promise<ParcelStatus> {
      if (!ref.consignmentId) {
        throw new CourierError("pathao", "rejected", "Pathao is asked by consignment id only");
      }
      const { body } = await call("GET", `/orders/${encodeURIComponent(ref.consignmentId)}/info`);
      const data = (body.data ?? {}) as Record<string, unknown>;
      const status = textOrNull(data.order_status);
      if (!status) throw new CourierError("pathao", "unavailable", "Pathao sent no order_status");
      return { status, outcome: pathaoOutcome(status), message: null };
    },
    async areas(query) {
      if (query.zoneId) {
        return options(
          list((await call("GET", `/zones/${query.zoneId}/area-list`)).body),
          "area_id",
          "area_name",
        );
      }
      if (query.cityId) {
        return options(
          list((await call("GET", `/cities/${query.cityId}/zone-list`)).body),
          "zone_id",
          "zone_name",
        );
      }
      return options(
        list((await call("GET", "/countries/1/city-list")).body),
        "city_id",
        "city_name",
      );
    },
  };
}

/** Pathao's answer header that confirms the webhook to its panel (its plugin's value). */
export const PATHAO_INTEGRATION_HEADER = "X-Pathao-Merchant-Webhook-Integration-Secret";
export const PATHAO_INTEGRATION_VALUE = "f3992ecc-59da-4cbe-a049-a13da2018d51";

export type PathaoNotification =
  | { kind: "integration" }
  | {
      kind: "order";
      event: string;
      consignmentId: string | null;
      invoice: string | null;
      status: string;
      outcome: ParcelOutcome;
      message: string | null;
      charge: number | null;
      /** The cash collected (`collected_amount`, taka), sent with delivered and partial-delivery. */
      codAmount: number | null;
      at: Date | null;
    };

export function parsePathaoWebhook(body: unknown): PathaoNotification | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  const event = textOrNull(b.event);
  if (!event) return null;
  if (event === "webhook_integration") return { kind: "integration" };
  if (!event.startsWith("order.")) return null;
  const consignmentId = textOrNull(b.consignment_id);
  const invoice = textOrNull(b.merchant_order_id);
  if (!consignmentId && !invoice) return null;
  const status = textOrNull(b.order_status) ?? event.slice("order.".length);
  const at = textOrNull(b.updated_at) ?? textOrNull(b.timestamp);
  const parsedAt = at ? new Date(at.includes("T") ? at : `${at.replace(" ", "T")}+06:00`) : null;
  return {
    kind: "order",
    event,
    consignmentId,
    invoice,
    status,
    outcome: pathaoOutcome(event),
    message: textOrNull(b.reason),
    charge: numberOrNull(b.delivery_fee),
    codAmount: numberOrNull(b.collected_amount),
    at: parsedAt && !Number.isNaN(parsedAt.getTime()) ? parsedAt : null,
  };
}
