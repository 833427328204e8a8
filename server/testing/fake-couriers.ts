import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Local stand-ins for the couriers' merchant APIs (research/integrations.md and the couriers'
 * own plugins), for tests: each checks the headers, paths and body fields its courier expects,
 * answers as the courier does (success, validation errors, 401), and can be told to answer the
 * next call to a path with a failure: a status of its choosing, no answer at all (`timeout`),
 * or carrying the call out and then never answering (`lose-answer`, a crash or cut connection
 * after the courier acted). They also send the couriers' webhooks.
 */

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
};

type Scripted = { status: number; body: unknown } | "timeout" | "lose-answer";

type Answer = { status: number; body: unknown };

type Route = (req: RecordedRequest, match: RegExpExecArray) => Answer;

type FakeBase = {
  url: string;
  requests: RecordedRequest[];
  /** Answers the next call whose path matches with this instead of the courier's answer. */
  failNext: (pathPattern: RegExp, answer: Scripted) => void;
  /** Calls received for paths matching this. */
  callsTo: (pathPattern: RegExp) => RecordedRequest[];
  /** Resolves when the server got a call to the path (and, for `lose-answer`, acted on it). */
  waitForCall: (pathPattern: RegExp) => Promise<RecordedRequest>;
  close: () => Promise<void>;
};

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | "invalid"> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : "invalid";
  } catch {
    return "invalid";
  }
}

async function startFake(
  authorize: (req: RecordedRequest) => Answer | null,
  routes: [method: string, path: RegExp, route: Route, authenticated?: boolean][],
): Promise<FakeBase> {
  const requests: RecordedRequest[] = [];
  const scripted: { pattern: RegExp; answer: Scripted }[] = [];
  const waiters: { pattern: RegExp; resolve: (r: RecordedRequest) => void }[] = [];
  const hanging = new Set<ServerResponse>();

  const send = (res: ServerResponse, answer: Answer) => {
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.body));
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = await readJson(req);
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: body === "invalid" ? {} : body,
    };
    requests.push(recorded);
    const notify = () => {
      for (const w of [...waiters]) {
        if (w.pattern.test(recorded.path)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(recorded);
        }
      }
    };
    if (body === "invalid") {
      notify();
      return send(res, { status: 400, body: { message: "Malformed JSON" } });
    }
    const script = scripted.findIndex((s) => s.pattern.test(recorded.path));
    const chosen = script >= 0 ? scripted.splice(script, 1)[0]?.answer : undefined;
    if (chosen === "timeout") {
      hanging.add(res);
      notify();
      return;
    }
    if (chosen && chosen !== "lose-answer") {
      notify();
      return send(res, chosen);
    }
    const found = routes.find(([m, p]) => m === recorded.method && p.test(recorded.path));
    let answer: Answer;
    if (!found) {
      answer = { status: 404, body: { message: "Not found" } };
    } else {
      const [, pattern, route, authenticated = true] = found;
      const refused = authenticated ? authorize(recorded) : null;
      answer = refused ?? route(recorded, pattern.exec(recorded.path) as RegExpExecArray);
    }
    if (chosen === "lose-answer") {
      hanging.add(res);
      notify();
      return;
    }
    notify();
    send(res, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(pattern, answer) {
      scripted.push({ pattern, answer });
    },
    callsTo: (pattern) => requests.filter((r) => pattern.test(r.path)),
    waitForCall: (pattern) => new Promise((resolve) => waiters.push({ pattern, resolve })),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const PHONE = /^01[3-9][0-9]{8}$/;

/** POSTs a courier's webhook to `url`; the answer's status and body. */
export async function sendWebhook(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: response.status, body: parsed, headers: response.headers };
}

// ---------------------------------------------------------------- Steadfast

export type FakeSteadfastParcel = {
  consignmentId: number;
  invoice: string;
  trackingCode: string;
  deliveryStatus: string;
  body: Record<string, unknown>;
};

export async function startFakeSteadfast(keys: { apiKey: string; secretKey: string }) {
  const parcels: FakeSteadfastParcel[] = [];
  const fraud = new Map<
    string,
    { total_parcels: number; total_delivered: number; total_cancelled: number }
  >();
  let nextId = 1_000_001;
  const found = (p: FakeSteadfastParcel | undefined): Answer =>
    p
      ? { status: 200, body: { status: 200, delivery_status: p.deliveryStatus } }
      : { status: 404, body: { status: 404, message: "Consignment Not Found" } };
  const base = await startFake(
    (r) =>
      r.headers["api-key"] === keys.apiKey && r.headers["secret-key"] === keys.secretKey
        ? null
        : { status: 401, body: { status: 401, message: "Unauthorized request" } },
    [
      [
        "POST",
        /^\/create_order$/,
        ({ body }) => {
          const errors: Record<string, string[]> = {};
          const text = (k: string) => (typeof body[k] === "string" ? (body[k] as string) : "");
          if (!text("invoice")) errors.invoice = ["The invoice field is required."];
          else if (parcels.some((p) => p.invoice === text("invoice"))) {
            errors.invoice = ["The invoice has already been taken."];
          }
          if (!text("recipient_name"))
            errors.recipient_name = ["The recipient name field is required."];
          else if (text("recipient_name").length > 100) {
            errors.recipient_name = ["The recipient name may not be greater than 100 characters."];
          }
          if (!PHONE.test(text("recipient_phone"))) {
            errors.recipient_phone = ["The recipient phone must be 11 digits."];
          }
          if (!text("recipient_address"))
            errors.recipient_address = ["The recipient address field is required."];
          else if (text("recipient_address").length > 250) {
            errors.recipient_address = [
              "The recipient address may not be greater than 250 characters.",
            ];
          }
          if (typeof body.cod_amount !== "number" || body.cod_amount < 0) {
            errors.cod_amount = ["The cod amount must be a number."];
          }
          if (Object.keys(errors).length > 0) {
            return { status: 200, body: { status: 400, message: "Validation failed", errors } };
          }
          const consignmentId = nextId++;
          const parcel: FakeSteadfastParcel = {
            consignmentId,
            invoice: text("invoice"),
            trackingCode: `SF${consignmentId.toString(36).toUpperCase()}`,
            deliveryStatus: "in_review",
            body,
          };
          parcels.push(parcel);
          return {
            status: 200,
            body: {
              status: 200,
              message: "Consignment has been created successfully.",
              consignment: {
                consignment_id: consignmentId,
                invoice: parcel.invoice,
                tracking_code: parcel.trackingCode,
                recipient_name: body.recipient_name,
                recipient_phone: body.recipient_phone,
                recipient_address: body.recipient_address,
                cod_amount: body.cod_amount,
                status: "in_review",
                note: body.note ?? null,
                created_at: new Date().toISOString(),
                updated_at: new Date().toISOString(),
              },
            },
          };
        },
      ],
      [
        "GET",
        /^\/status_by_cid\/([^/]+)$/,
        (_r, m) => found(parcels.find((p) => String(p.consignmentId) === m[1])),
      ],
      [
        "GET",
        /^\/status_by_invoice\/([^/]+)$/,
        (_r, m) => found(parcels.find((p) => p.invoice === decodeURIComponent(m[1] as string))),
      ],
      [
        "GET",
        /^\/status_by_trackingcode\/([^/]+)$/,
        (_r, m) => found(parcels.find((p) => p.trackingCode === m[1])),
      ],
      [
        "GET",
        /^\/fraud_check\/([^/]+)$/,
        (_r, m) => ({
          status: 200,
          body: fraud.get(m[1] as string) ?? {
            total_parcels: 0,
            total_delivered: 0,
            total_cancelled: 0,
          },
        }),
      ],
    ],
  );
  return {
    ...base,
    parcels,
    fraud,
    setStatus(invoice: string, status: string) {
      const parcel = parcels.find((p) => p.invoice === invoice);
      if (!parcel) throw new Error(`no Steadfast parcel for invoice ${invoice}`);
      parcel.deliveryStatus = status;
      return parcel;
    },
    /** Steadfast's delivery_status notification for the parcel of `invoice`, sent to `url`. */
    async notify(
      url: string,
      token: string,
      invoice: string,
      status: string,
      extra: Record<string, unknown> = {},
    ) {
      const parcel = parcels.find((p) => p.invoice === invoice);
      if (!parcel) throw new Error(`no Steadfast parcel for invoice ${invoice}`);
      parcel.deliveryStatus = status;
      return sendWebhook(
        url,
        {
          notification_type: "delivery_status",
          consignment_id: parcel.consignmentId,
          invoice: parcel.invoice,
          cod_amount: parcel.body.cod_amount,
          status,
          delivery_charge: 60,
          tracking_message: `Parcel is ${status}`,
          updated_at: new Date().toISOString(),
          ...extra,
        },
        { authorization: `Bearer ${token}` },
      );
    },
  };
}

// ---------------------------------------------------------------- Pathao

const PATHAO_CITIES = [
  { city_id: 1, city_name: "Dhaka" },
  { city_id: 2, city_name: "Chittagong" },
];
const PATHAO_ZONES: Record<number, { zone_id: number; zone_name: string }[]> = {
  1: [
    { zone_id: 51, zone_name: "Mirpur" },
    { zone_id: 52, zone_name: "Dhanmondi" },
    { zone_id: 53, zone_name: "Gulshan" },
  ],
  2: [{ zone_id: 81, zone_name: "Agrabad" }],
};
const PATHAO_AREAS: Record<number, { area_id: number; area_name: string }[]> = {
  51: [
    { area_id: 5101, area_name: "Mirpur 10" },
    { area_id: 5102, area_name: "Shewrapara" },
  ],
  52: [{ area_id: 5201, area_name: "Dhanmondi 27" }],
  53: [
    { area_id: 5301, area_name: "Gulshan 1" },
    { area_id: 5302, area_name: "Badda" },
  ],
};

export type FakePathaoParcel = {
  consignmentId: string;
  merchantOrderId: string;
  orderStatus: string;
  body: Record<string, unknown>;
};

export async function startFakePathao(keys: {
  clientId: string;
  clientSecret: string;
  storeId: number;
}) {
  const parcels: FakePathaoParcel[] = [];
  const tokens = new Set<string>();
  let nextToken = 1;
  let nextId = 1;
  const list = (data: unknown[]) => ({
    status: 200,
    body: { message: "Fetched", type: "success", code: 200, data: { data } },
  });
  const base = await startFake(
    (r) => {
      const bearer = /^Bearer (.+)$/.exec(String(r.headers.authorization ?? ""))?.[1];
      return bearer && tokens.has(bearer)
        ? null
        : { status: 401, body: { message: "Unauthenticated.", type: "error", code: 401 } };
    },
    [
      [
        "POST",
        /^\/aladdin\/api\/v1\/external\/login$/,
        ({ body }) => {
          if (body.client_id !== keys.clientId || body.client_secret !== keys.clientSecret) {
            return {
              status: 401,
              body: { message: "Client authentication failed", type: "error", code: 401 },
            };
          }
          const token = `pathao-token-${nextToken++}`;
          tokens.add(token);
          return {
            status: 200,
            body: {
              token_type: "Bearer",
              expires_in: 432000,
              access_token: token,
              refresh_token: `r-${token}`,
            },
          };
        },
        false,
      ],
      ["GET", /^\/aladdin\/api\/v1\/countries\/1\/city-list$/, () => list(PATHAO_CITIES)],
      [
        "GET",
        /^\/aladdin\/api\/v1\/cities\/(\d+)\/zone-list$/,
        (_r, m) => list(PATHAO_ZONES[Number(m[1])] ?? []),
      ],
      [
        "GET",
        /^\/aladdin\/api\/v1\/zones\/(\d+)\/area-list$/,
        (_r, m) => list(PATHAO_AREAS[Number(m[1])] ?? []),
      ],
      [
        "POST",
        /^\/aladdin\/api\/v1\/orders$/,
        ({ body }) => {
          const errors: Record<string, string[]> = {};
          const int = (k: string) => typeof body[k] === "number" && Number.isInteger(body[k]);
          if (body.store_id !== keys.storeId)
            errors.store_id = ["The selected store id is invalid."];
          if (typeof body.merchant_order_id !== "string" || !body.merchant_order_id) {
            errors.merchant_order_id = ["The merchant order id must be a string."];
          }
          if (typeof body.recipient_name !== "string" || body.recipient_name.length < 3) {
            errors.recipient_name = ["The recipient name must be at least 3 characters."];
          }
          if (!PHONE.test(String(body.recipient_phone ?? ""))) {
            errors.recipient_phone = ["The recipient phone must be 11 characters."];
          }
          if (typeof body.recipient_address !== "string" || body.recipient_address.length < 10) {
            errors.recipient_address = ["The recipient address must be at least 10 characters."];
          }
          const city = int("recipient_city") ? (body.recipient_city as number) : undefined;
          if (!city || !PATHAO_ZONES[city])
            errors.recipient_city = ["The selected recipient city is invalid."];
          const zones = city ? (PATHAO_ZONES[city] ?? []) : [];
          if (!int("recipient_zone") || !zones.some((z) => z.zone_id === body.recipient_zone)) {
            errors.recipient_zone = ["The selected recipient zone is invalid."];
          }
          // recipient_area is optional; when sent it must be one of the zone's areas.
          if (
            body.recipient_area !== undefined &&
            !(PATHAO_AREAS[body.recipient_zone as number] ?? []).some(
              (a) => a.area_id === body.recipient_area,
            )
          ) {
            errors.recipient_area = ["The selected recipient area is invalid."];
          }
          if (body.delivery_type !== 48 && body.delivery_type !== 12)
            errors.delivery_type = ["The selected delivery type is invalid."];
          if (body.item_type !== 1 && body.item_type !== 2)
            errors.item_type = ["The selected item type is invalid."];
          if (!int("item_quantity"))
            errors.item_quantity = ["The item quantity must be an integer."];
          if (
            typeof body.item_weight !== "number" ||
            body.item_weight < 0.5 ||
            body.item_weight > 10
          ) {
            errors.item_weight = ["The item weight must be between 0.5 and 10."];
          }
          if (!int("amount_to_collect") || (body.amount_to_collect as number) < 0) {
            errors.amount_to_collect = ["The amount to collect must be an integer."];
          }
          if (Object.keys(errors).length > 0) {
            return {
              status: 422,
              body: { message: "Please fix the given errors", type: "error", code: 422, errors },
            };
          }
          // Like the real API as far as anyone has published, a second order with the same
          // merchant_order_id is accepted: only Haat's own records keep a retry from booking twice.
          const parcel: FakePathaoParcel = {
            consignmentId: `DL${String(nextId++).padStart(6, "0")}PATH`,
            merchantOrderId: body.merchant_order_id as string,
            orderStatus: "Pending",
            body,
          };
          parcels.push(parcel);
          return {
            status: 200,
            body: {
              message: "Order Created Successfully",
              type: "success",
              code: 200,
              data: {
                consignment_id: parcel.consignmentId,
                merchant_order_id: parcel.merchantOrderId,
                order_status: "Pending",
                delivery_fee: 80,
              },
            },
          };
        },
      ],
      [
        "GET",
        /^\/aladdin\/api\/v1\/orders\/([^/]+)\/info$/,
        (_r, m) => {
          const parcel = parcels.find((p) => p.consignmentId === m[1]);
          if (!parcel)
            return { status: 404, body: { message: "Order not found", type: "error", code: 404 } };
          return {
            status: 200,
            body: {
              message: "Order info",
              type: "success",
              code: 200,
              data: {
                consignment_id: parcel.consignmentId,
                merchant_order_id: parcel.merchantOrderId,
                order_status: parcel.orderStatus,
                order_status_slug: parcel.orderStatus.replace(/\s+/g, "_"),
                updated_at: new Date().toISOString(),
              },
            },
          };
        },
      ],
    ],
  );
  return {
    ...base,
    parcels,
    /** Makes every issued token stale, as an expired one is. */
    expireTokens: () => tokens.clear(),
    setStatus(consignmentId: string, status: string) {
      const parcel = parcels.find((p) => p.consignmentId === consignmentId);
      if (!parcel) throw new Error(`no Pathao parcel ${consignmentId}`);
      parcel.orderStatus = status;
    },
    /** Pathao's webhook for one parcel, signed with the shop's secret as Pathao sends it. */
    async notify(
      url: string,
      secret: string,
      consignmentId: string,
      event: string,
      extra: Record<string, unknown> = {},
    ) {
      const parcel = parcels.find((p) => p.consignmentId === consignmentId);
      if (!parcel) throw new Error(`no Pathao parcel ${consignmentId}`);
      return sendWebhook(
        url,
        {
          event,
          consignment_id: parcel.consignmentId,
          merchant_order_id: parcel.merchantOrderId,
          store_id: keys.storeId,
          delivery_fee: 80,
          updated_at: new Date().toISOString(),
          ...extra,
        },
        { "X-PATHAO-Signature": secret },
      );
    },
  };
}

// ---------------------------------------------------------------- RedX

const REDX_AREAS: Record<
  string,
  { id: number; name: string; post_code: number; division_name: string; zone_id: number }[]
> = {
  dhaka: [
    { id: 1, name: "Mirpur", post_code: 1216, division_name: "Dhaka", zone_id: 1 },
    { id: 2, name: "Dhanmondi", post_code: 1209, division_name: "Dhaka", zone_id: 1 },
    { id: 3, name: "Gulshan", post_code: 1212, division_name: "Dhaka", zone_id: 2 },
  ],
  chattogram: [
    { id: 40, name: "Agrabad", post_code: 4100, division_name: "Chattogram", zone_id: 9 },
  ],
};

export type FakeRedxParcel = {
  trackingId: string;
  invoice: string;
  status: string;
  body: Record<string, unknown>;
};

export async function startFakeRedx(keys: { token: string }) {
  const parcels: FakeRedxParcel[] = [];
  let nextId = 1;
  const base = await startFake(
    (r) =>
      r.headers["api-access-token"] === `Bearer ${keys.token}`
        ? null
        : { status: 401, body: { message: "Unauthorized" } },
    [
      [
        "GET",
        /^\/areas$/,
        ({ query }) => ({
          status: 200,
          body: { areas: REDX_AREAS[(query.get("district_name") ?? "").toLowerCase()] ?? [] },
        }),
      ],
      [
        "POST",
        /^\/parcel$/,
        ({ body }) => {
          const missing = [
            "customer_name",
            "customer_phone",
            "delivery_area",
            "customer_address",
            "merchant_invoice_id",
            "cash_collection_amount",
          ].filter((k) => typeof body[k] !== "string" || !body[k]);
          if (typeof body.delivery_area_id !== "number") missing.push("delivery_area_id");
          if (typeof body.parcel_weight !== "number") missing.push("parcel_weight");
          if (!PHONE.test(String(body.customer_phone ?? ""))) missing.push("customer_phone");
          if (Number.isNaN(Number(body.cash_collection_amount)))
            missing.push("cash_collection_amount");
          if (missing.length > 0) {
            return {
              status: 400,
              body: {
                message: `Invalid parcel: ${[...new Set(missing)].join(", ")}`,
                validation_errors: missing,
              },
            };
          }
          const parcel: FakeRedxParcel = {
            trackingId: `21A${String(nextId++).padStart(5, "0")}RX`,
            invoice: body.merchant_invoice_id as string,
            status: "pickup-pending",
            body,
          };
          parcels.push(parcel);
          return { status: 201, body: { tracking_id: parcel.trackingId } };
        },
      ],
      [
        "GET",
        /^\/parcel\/info\/([^/]+)$/,
        (_r, m) => {
          const parcel = parcels.find((p) => p.trackingId === m[1]);
          if (!parcel) return { status: 404, body: { message: "Parcel not found" } };
          return {
            status: 200,
            body: {
              parcel: {
                tracking_id: parcel.trackingId,
                merchant_invoice_id: parcel.invoice,
                status: parcel.status,
                charge: 60,
                cash_collection_amount: parcel.body.cash_collection_amount,
              },
            },
          };
        },
      ],
      [
        "PATCH",
        /^\/parcels$/,
        ({ body }) => {
          const details = (body.update_details ?? {}) as Record<string, unknown>;
          if (
            body.entity_type !== "parcel-tracking-id" ||
            typeof body.entity_id !== "string" ||
            details.property_name !== "status" ||
            details.new_value !== "cancelled"
          ) {
            return { status: 400, body: { success: false, message: "Invalid update request" } };
          }
          const parcel = parcels.find((p) => p.trackingId === body.entity_id);
          if (!parcel)
            return { status: 404, body: { success: false, message: "Parcel not found" } };
          // Only a parcel still waiting for pickup can be cancelled; after that it is a return.
          if (parcel.status !== "pickup-pending" && parcel.status !== "cancelled") {
            return {
              status: 400,
              body: {
                success: false,
                message: `Parcel can not be cancelled in ${parcel.status} status`,
              },
            };
          }
          parcel.status = "cancelled";
          return { status: 200, body: { success: true, message: "Parcel updated successfully" } };
        },
      ],
      [
        "GET",
        /^\/parcel\/track\/([^/]+)$/,
        (_r, m) => {
          const parcel = parcels.find((p) => p.trackingId === m[1]);
          if (!parcel) return { status: 404, body: { message: "Parcel not found" } };
          return {
            status: 200,
            body: {
              tracking: [
                {
                  message_en: `Parcel is ${parcel.status}`,
                  message_bn: "পার্সেল",
                  time: new Date().toISOString(),
                },
              ],
            },
          };
        },
      ],
    ],
  );
  return {
    ...base,
    parcels,
    setStatus(trackingId: string, status: string) {
      const parcel = parcels.find((p) => p.trackingId === trackingId);
      if (!parcel) throw new Error(`no RedX parcel ${trackingId}`);
      parcel.status = status;
    },
    /** RedX's callback for one parcel; the secret rides in the callback URL's query. */
    async notify(
      url: string,
      trackingId: string,
      status: string,
      extra: Record<string, unknown> = {},
    ) {
      const parcel = parcels.find((p) => p.trackingId === trackingId);
      if (!parcel) throw new Error(`no RedX parcel ${trackingId}`);
      parcel.status = status;
      return sendWebhook(url, {
        tracking_number: parcel.trackingId,
        status,
        message_en: `Parcel is ${status}`,
        message_bn: "পার্সেলের অবস্থা বদলেছে",
        invoice_number: parcel.invoice,
        timestamp: new Date().toISOString(),
        ...extra,
      });
    },
  };
}
