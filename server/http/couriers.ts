import { timingSafeEqual } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { COURIER_LABELS, COURIER_NAMES, type CourierName } from "~/core/courier";
import { blockPhoneInputSchema } from "~/core/schemas/risk";
import { STAFF_ALERT_KINDS } from "~/core/staff-alerts";
import {
  PATHAO_INTEGRATION_HEADER,
  PATHAO_INTEGRATION_VALUE,
  parsePathaoWebhook,
} from "../couriers/pathao";
import { parseRedxWebhook } from "../couriers/redx";
import { parseSteadfastWebhook, steadfastOutcome } from "../couriers/steadfast";
import { AppError } from "../errors";
import {
  courierAreaOptions,
  deleteCourierArea,
  listCourierAreas,
  setCourierArea,
} from "../services/courier-areas";
import { requestCourierBooking, retryCourierBooking } from "../services/courier-booking";
import { applyCourierNotification } from "../services/courier-status";
import { blockPhone, listBlockedPhones, unblockPhone } from "../services/risk";
import { openStaffAlerts, resolveStaffAlert } from "../services/staff-alerts";
import { adminOf, adminOnly, requireAdmin } from "./caller";
import type { AppEnv } from "./env";
import { WEBHOOK_SECURITY } from "./openapi-document";
import { createRouter } from "./router";
import { errorResponses } from "./schemas";

const courierSchema = z.enum(COURIER_NAMES).openapi({ example: "steadfast" });
const idParams = z.object({ id: z.string().min(1).max(64) });

const bookingAnswer = z
  .object({ orderId: z.string(), courier: courierSchema, state: z.literal("queued") })
  .openapi("CourierBookingQueued");

const bookRoute = createRoute({
  method: "post",
  path: "/orders/{id}/courier",
  tags: ["Couriers"],
  summary: "Book a Confirmed order with a courier (admins)",
  description:
    "Queues the booking (202); a background job sends it to the courier with the order number as " +
    "its invoice (Steadfast `invoice`, Pathao `merchant_order_id`, RedX `merchant_invoice_id`) and the " +
    "order's total as the cash to collect, then stores the consignment and moves the order to " +
    'Shipping (history: "by courier booking"). Order answers then carry `courier`. 409 unless the ' +
    'order is Confirmed and has no booking yet; 409 with `error.needs = "courier_area"` when the ' +
    "thana has no area at Pathao or RedX (set it with `PUT /api/courier-areas`); 400 for a courier " +
    "that is not configured.",
  middleware: [adminOnly] as const,
  request: {
    params: idParams,
    body: {
      required: true,
      content: { "application/json": { schema: z.object({ courier: courierSchema }) } },
    },
  },
  responses: {
    202: { description: "Queued", content: { "application/json": { schema: bookingAnswer } } },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

/**
 * A route whose JSON body may be left out: one sent empty (many clients set Content-Type on every
 * POST) is read as no body, instead of being refused as malformed JSON.
 */
const optionalJsonBody = createMiddleware<AppEnv>(async (c, next) => {
  const raw = c.req.raw;
  if (raw.headers.has("content-type") && (await raw.clone().text()).trim() === "") {
    const headers = new Headers(raw.headers);
    headers.delete("content-type");
    c.req.raw = new Request(c.req.url, { method: raw.method, headers, signal: raw.signal });
  }
  await next();
});

const retryRoute = createRoute({
  method: "post",
  path: "/orders/{id}/courier/retry",
  tags: ["Couriers"],
  summary: "Retry a failed booking (admins)",
  description:
    "For a booking whose `courier.booking` is `failed` (the courier refused it or kept failing: " +
    "`courier.lastError`) or `unknown` (a request to Pathao or RedX got no answer, so the parcel may " +
    "exist: check the courier's panel and send `confirmNotBooked: true`). 409 otherwise. " +
    "With `courier`, the booking goes to that courier instead; a thana without its area → 409 " +
    'with `error.needs = "courier_area"`, as for a first booking.',
  middleware: [adminOnly, optionalJsonBody] as const,
  request: {
    params: idParams,
    body: {
      required: false,
      content: {
        "application/json": {
          schema: z.object({
            confirmNotBooked: z.boolean().optional(),
            courier: courierSchema.optional(),
          }),
        },
      },
    },
  },
  responses: {
    202: {
      description: "Queued again",
      content: { "application/json": { schema: bookingAnswer } },
    },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const offeredRoute = createRoute({
  method: "get",
  path: "/couriers",
  tags: ["Couriers"],
  summary: "The couriers configured on this shop (admins)",
  middleware: [adminOnly] as const,
  responses: {
    200: {
      description: "Configured couriers",
      content: { "application/json": { schema: z.object({ couriers: z.array(courierSchema) }) } },
    },
    ...errorResponses(401, 403),
  },
});

const areaSchema = z
  .object({
    courier: courierSchema,
    district: z.string().openapi({ example: "ঢাকা" }),
    thana: z.string().openapi({ example: "মিরপুর" }),
    cityId: z.number().int().nullable(),
    zoneId: z.number().int().nullable(),
    areaId: z.number().int().nullable(),
    areaName: z.string().nullable(),
    source: z.enum(["lookup", "admin"]),
    updatedAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("CourierArea");

const areaKey = z.object({
  courier: courierSchema,
  district: z.string().trim().min(1).max(100),
  thana: z.string().trim().min(1).max(100),
});

const listAreasRoute = createRoute({
  method: "get",
  path: "/courier-areas",
  tags: ["Couriers"],
  summary: "Stored thana → courier area mappings (admins)",
  middleware: [adminOnly] as const,
  request: {
    query: z.object({ courier: courierSchema, district: z.string().max(100).optional() }),
  },
  responses: {
    200: {
      description: "Mappings",
      content: { "application/json": { schema: z.object({ data: z.array(areaSchema) }) } },
    },
    ...errorResponses(400, 401, 403),
  },
});

const setAreaRoute = createRoute({
  method: "put",
  path: "/courier-areas",
  tags: ["Couriers"],
  summary: "Set a thana's area at Pathao or RedX (admins)",
  description:
    "District and thana as orders store them (Bengali). Pathao: `cityId` and `zoneId` (and `areaId`); " +
    "RedX: `areaId` and `areaName`. Choices come from `GET /api/courier-areas/options`; ids the " +
    "courier does not list there are refused (400 under their field), unless the courier cannot " +
    "be asked (not configured, not answering, refusing the shop's keys) or lists nothing there.",
  middleware: [adminOnly] as const,
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: areaKey.extend({
            cityId: z.number().int().positive().nullable().optional(),
            zoneId: z.number().int().positive().nullable().optional(),
            areaId: z.number().int().positive().nullable().optional(),
            areaName: z.string().trim().max(200).nullable().optional(),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: "Stored",
      content: { "application/json": { schema: z.object({ data: areaSchema }) } },
    },
    ...errorResponses(400, 401, 403),
  },
});

const deleteAreaRoute = createRoute({
  method: "delete",
  path: "/courier-areas",
  tags: ["Couriers"],
  summary: "Forget a thana's stored area (admins)",
  middleware: [adminOnly] as const,
  request: { query: areaKey },
  responses: {
    200: {
      description: "Removed",
      content: { "application/json": { schema: z.object({ deletedCount: z.literal(1) }) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

const areaOptionsRoute = createRoute({
  method: "get",
  path: "/courier-areas/options",
  tags: ["Couriers"],
  summary: "A courier's own address choices (admins)",
  description:
    "Pathao: its cities, a city's zones (`cityId`) or a zone's areas (`zoneId`). RedX: the areas of " +
    "`district`. Asked of the courier's API; 502 when it fails.",
  middleware: [adminOnly] as const,
  request: {
    query: z.object({
      courier: courierSchema,
      district: z.string().trim().min(1).max(100),
      cityId: z.coerce.number().int().positive().optional(),
      zoneId: z.coerce.number().int().positive().optional(),
    }),
  },
  responses: {
    200: {
      description: "Choices",
      content: {
        "application/json": {
          schema: z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
        },
      },
    },
    ...errorResponses(400, 401, 403, 502),
  },
});

const blockedSchema = z
  .object({
    phone: z.string(),
    reason: z.string(),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("BlockedPhone");

const listBlockedRoute = createRoute({
  method: "get",
  path: "/blocked-phones",
  tags: ["Risk"],
  summary: "The block list (admins)",
  middleware: [adminOnly] as const,
  responses: {
    200: {
      description: "Blocked numbers",
      content: { "application/json": { schema: z.object({ data: z.array(blockedSchema) }) } },
    },
    ...errorResponses(401, 403),
  },
});

const blockRoute = createRoute({
  method: "post",
  path: "/blocked-phones",
  tags: ["Risk"],
  summary: "Block a phone number, with a reason (admins)",
  description:
    "Orders from a blocked number are still accepted, and held: `heldReason` and `risk.risky` on " +
    "the order. Blocking a number again replaces its reason.",
  middleware: [adminOnly] as const,
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: blockPhoneInputSchema,
        },
      },
    },
  },
  responses: {
    201: {
      description: "Blocked",
      content: { "application/json": { schema: z.object({ data: blockedSchema }) } },
    },
    ...errorResponses(400, 401, 403),
  },
});

const unblockRoute = createRoute({
  method: "delete",
  path: "/blocked-phones/{phone}",
  tags: ["Risk"],
  summary: "Take a number off the block list (admins)",
  middleware: [adminOnly] as const,
  request: { params: z.object({ phone: z.string().max(20) }) },
  responses: {
    200: {
      description: "Removed",
      content: { "application/json": { schema: z.object({ deletedCount: z.literal(1) }) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

const alertSchema = z
  .object({
    id: z.string(),
    kind: z.enum(STAFF_ALERT_KINDS).openapi({
      description:
        "`delivered_after_cancel`: a courier delivered a Cancelled order (now Delivered, its " +
        "pieces taken from stock again; `details.short` lists pieces that were not on hand); " +
        "`parcel_live_after_cancel`: a Cancelled order's parcel is still moving at the courier",
    }),
    orderId: z.string().nullable(),
    orderNumber: z.number().int().nullable(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()),
    createdAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("StaffAlert");

const listAlertsRoute = createRoute({
  method: "get",
  path: "/alerts",
  tags: ["Couriers"],
  summary: "Open staff alerts, newest first (admins)",
  description:
    "What a courier reported about an order that no longer expected it (decision 078); the " +
    "dashboard home shows the same list until an admin marks each handled.",
  middleware: [adminOnly] as const,
  responses: {
    200: {
      description: "Open alerts",
      content: { "application/json": { schema: z.object({ data: z.array(alertSchema) }) } },
    },
    ...errorResponses(401, 403),
  },
});

const resolveAlertRoute = createRoute({
  method: "post",
  path: "/alerts/{id}/resolve",
  tags: ["Couriers"],
  summary: "Mark a staff alert handled (admins)",
  middleware: [adminOnly] as const,
  request: { params: idParams },
  responses: {
    200: {
      description: "Handled",
      content: { "application/json": { schema: z.object({ modifiedCount: z.literal(1) }) } },
    },
    ...errorResponses(401, 403, 404, 409),
  },
});

export const couriersApi = createRouter();

couriersApi
  .openapi(bookRoute, async (c) => {
    const queued = await requestCourierBooking(
      c.var.app,
      adminOf(c),
      c.req.valid("param").id,
      c.req.valid("json").courier,
    );
    return c.json(queued, 202);
  })
  .openapi(retryRoute, async (c) => {
    const body = c.req.valid("json") ?? {};
    const queued = await retryCourierBooking(c.var.app, adminOf(c), c.req.valid("param").id, body);
    return c.json(queued, 202);
  })
  .openapi(offeredRoute, async (c) => {
    await requireAdmin(c);
    return c.json({ couriers: c.var.app.couriers.offered() }, 200);
  })
  .openapi(listAreasRoute, async (c) => {
    return c.json(
      { data: await listCourierAreas(c.var.app, adminOf(c), c.req.valid("query")) },
      200,
    );
  })
  .openapi(setAreaRoute, async (c) => {
    const area = await setCourierArea(c.var.app, adminOf(c), c.req.valid("json"), { typed: true });
    return c.json({ data: area }, 200);
  })
  .openapi(deleteAreaRoute, async (c) => {
    await deleteCourierArea(c.var.app, adminOf(c), c.req.valid("query"));
    return c.json({ deletedCount: 1 as const }, 200);
  })
  .openapi(areaOptionsRoute, async (c) => {
    return c.json(
      { data: await courierAreaOptions(c.var.app, adminOf(c), c.req.valid("query")) },
      200,
    );
  })
  .openapi(listBlockedRoute, async (c) => {
    return c.json({ data: await listBlockedPhones(c.var.app, adminOf(c)) }, 200);
  })
  .openapi(blockRoute, async (c) => {
    return c.json({ data: await blockPhone(c.var.app, adminOf(c), c.req.valid("json")) }, 201);
  })
  .openapi(unblockRoute, async (c) => {
    await unblockPhone(c.var.app, adminOf(c), c.req.valid("param").phone);
    return c.json({ deletedCount: 1 as const }, 200);
  })
  .openapi(listAlertsRoute, async (c) => {
    return c.json({ data: await openStaffAlerts(c.var.app.db, adminOf(c)) }, 200);
  })
  .openapi(resolveAlertRoute, async (c) => {
    await resolveStaffAlert(c.var.app.db, adminOf(c), c.req.valid("param").id);
    return c.json({ modifiedCount: 1 as const }, 200);
  });

// ---------------------------------------------------------------- Webhooks

/** Whether `given` is the configured secret, compared in constant time; never without one. */
function secretMatches(given: string | undefined, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Checks the courier's token before the body is read: a wrong one is 401 whatever is sent. */
function webhookAuth(check: (c: Context<AppEnv>) => boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!check(c)) throw new AppError("unauthorized", "Wrong webhook token or signature");
    await next();
  });
}

const steadfastAuth = webhookAuth((c) =>
  secretMatches(
    /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1],
    c.var.app.config.couriers.steadfast?.webhookToken,
  ),
);
const pathaoAuth = webhookAuth((c) =>
  secretMatches(
    c.req.header("x-pathao-signature"),
    c.var.app.config.couriers.pathao?.webhookSecret,
  ),
);
const redxAuth = webhookAuth((c) =>
  secretMatches(c.req.query("token"), c.var.app.config.couriers.redx?.webhookSecret),
);

function notWebhook(name: CourierName): AppError {
  return new AppError(
    "invalid",
    `Not a ${COURIER_LABELS[name]} notification this shop understands`,
  );
}

const webhookAnswer = z
  .object({
    orderId: z.string(),
    orderStatus: z.string(),
    moved: z.boolean().openapi({ description: "Whether the order's status changed" }),
    applied: z
      .boolean()
      .openapi({ description: "False for a notification older than the stored status" }),
  })
  .openapi("CourierNotificationResult");

function webhookRoute<M extends ReturnType<typeof webhookAuth>>(
  name: CourierName,
  how: string,
  auth: M,
) {
  return createRoute({
    method: "post",
    path: `/webhooks/${name}`,
    tags: ["Couriers"],
    summary: `${COURIER_LABELS[name]}'s status notifications`,
    description:
      `${how} Finds the parcel by consignment id or invoice (the order number; 404 for one we did ` +
      "not book), stores the courier's status and message, and moves a Shipping order to Delivered " +
      '(delivered) or Return (returned or cancelled at the door) with the history entry "by courier". ' +
      "A repeated or older notification changes nothing twice and never moves an order backwards. " +
      "A body that is not the courier's notification answers 400 and changes nothing; one whose " +
      "consignment id and invoice name two different orders answers 409 and changes neither.",
    middleware: [auth] as const,
    security: WEBHOOK_SECURITY[name],
    request: {
      body: {
        required: true,
        content: { "application/json": { schema: z.record(z.string(), z.unknown()) } },
      },
    },
    responses: {
      200: {
        description: "Applied (or already applied)",
        content: { "application/json": { schema: webhookAnswer } },
      },
      202: {
        description: "Pathao's integration check, accepted",
        content: {
          "application/json": { schema: z.object({ status: z.number(), message: z.string() }) },
        },
      },
      ...errorResponses(400, 401, 404, 409),
    },
  });
}

export const webhooksApi = createRouter();

webhooksApi
  .openapi(
    webhookRoute(
      "steadfast",
      "Authorized by `Authorization: Bearer <STEADFAST_WEBHOOK_TOKEN>` (401 otherwise).",
      steadfastAuth,
    ),
    async (c) => {
      const n = parseSteadfastWebhook(c.req.valid("json"));
      if (!n) throw notWebhook("steadfast");
      const result = await applyCourierNotification(c.var.app, {
        courier: "steadfast",
        ...n,
        outcome: n.status ? steadfastOutcome(n.status) : null,
      });
      return c.json(result, 200);
    },
  )
  .openapi(
    webhookRoute(
      "pathao",
      "Authorized by the `X-PATHAO-Signature` header carrying PATHAO_WEBHOOK_SECRET (401 " +
        "otherwise); answers carry `X-Pathao-Merchant-Webhook-Integration-Secret` as Pathao's panel " +
        "expects, and its `webhook_integration` check answers 202.",
      pathaoAuth,
    ),
    async (c) => {
      c.header(PATHAO_INTEGRATION_HEADER, PATHAO_INTEGRATION_VALUE);
      const n = parsePathaoWebhook(c.req.valid("json"));
      if (!n) throw notWebhook("pathao");
      if (n.kind === "integration")
        return c.json({ status: 202, message: "Webhook integrated" }, 202);
      const { kind: _kind, event: _event, ...notification } = n;
      const result = await applyCourierNotification(c.var.app, {
        courier: "pathao",
        ...notification,
      });
      return c.json(result, 200);
    },
  )
  .openapi(
    webhookRoute(
      "redx",
      "Authorized by `?token=<REDX_WEBHOOK_SECRET>` on the callback URL (401 otherwise).",
      redxAuth,
    ),
    async (c) => {
      const n = parseRedxWebhook(c.req.valid("json"));
      if (!n) throw notWebhook("redx");
      const result = await applyCourierNotification(c.var.app, { courier: "redx", ...n });
      return c.json(result, 200);
    },
  );
