import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Actor } from "~/core/actor";
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_PATTERN } from "~/core/checkout";
import { BOOKING_STATES, COURIER_NAMES } from "~/core/courier";
import { DELIVERY_AREAS } from "~/core/delivery";
import { CALL_OUTCOMES } from "~/core/order-calls";
import { ORDER_SEARCH_MAX } from "~/core/order-lists";
import { isOrderStatus, ORDER_STATUSES } from "~/core/order-status";
import { orderInputSchema } from "~/core/schemas/order";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { changeOrderStatus, deleteOrder, markReturnReceived } from "../services/order-changes";
import { getOrderDetail, listOrders, type OrderOwner } from "../services/order-queries";
import { placeOrder } from "../services/orders";
import { findUserByEmail } from "../services/users";
import { bodyLimit } from "./body-limit";
import { getCaller, requireAdmin, requireCaller, signedInOnly } from "./caller";
import { clientAddress } from "./client-address";
import type { AppEnv } from "./env";
import { orderCallSchema, orderNoteSchema } from "./order-calls";
import { createRouter } from "./router";
import { errorResponses } from "./schemas";

/** An order body is a few KB; 50 lines with long names stay far below this. */
const MAX_ORDER_BODY_BYTES = 64 * 1024;

const placedOrderSchema = z.object({
  insertedId: z.string(),
  orderNumber: z.number().int(),
  awaitingCode: z
    .boolean()
    .optional()
    .openapi({
      description:
        "True when the order waits for the 6-digit code sent to its phone by SMS (ORDER_OTP): " +
        "POST /api/orders/{orderNumber}/verify",
    }),
});

const postOrderRoute = createRoute({
  method: "post",
  path: "/postOrder",
  tags: ["Orders"],
  summary: "Place a cash-on-delivery order",
  description:
    "Prices every line from the catalogue and computes the delivery charge (Inside Dhaka ৳60, " +
    "Outside Dhaka ৳120; free from the shop's FREE_DELIVERY_OVER sub-total, ৳5,000 unless " +
    "configured) and the total. The delivery area follows the address: Dhaka district's " +
    "metropolitan thanas are Inside Dhaka, everything else Outside Dhaka. When the client's " +
    "`deliveryArea`, `subTotal`, `total`, line prices or delivery charge differ, answers 409 " +
    "`price_changed` with the current figures (`error.deliveryArea`, `error.subTotal`, " +
    "`error.deliveryCharge`, `error.total`, `error.products`) and stores nothing. A product " +
    "that no longer exists, a colour or size it does not offer, or N/A for a product that " +
    "offers colours or sizes answers 400 naming the line (`products.N.size`). Every line of a " +
    "product that tracks stock takes its pieces in the same statement as the order; when a " +
    "line lacks them the answer is 409 `out_of_stock` with `error.products` listing each short " +
    "line (`id`, `color`, `size`, `requested`, `available`) and nothing is stored or taken. " +
    "Send an `Idempotency-Key` (one per attempt): repeating it returns the first order " +
    "(200) instead of placing another; the same key with a different body answers 409. The " +
    "order is tied to the signed-in user, if any. At most 5 orders per 10 minutes for one " +
    "delivery phone number from one client address, 10 for it from any address, and a ceiling " +
    "per client address (`ORDER_LIMIT_PER_ADDRESS` per minute, 6,000 unless configured) for " +
    "everyone behind it together (429 with `Retry-After`); replays of a placed order are not " +
    "counted; a replay never takes stock again.",
  request: {
    headers: z.object({
      "idempotency-key": z
        .string()
        .max(IDEMPOTENCY_KEY_MAX_LENGTH)
        .regex(IDEMPOTENCY_KEY_PATTERN, "Use 1–100 visible ASCII characters")
        .optional()
        .openapi({ example: "5f0b6c1e-8a43-4f7e-9a55-0c2b1f7d8e11" }),
    }),
    body: {
      required: true,
      content: { "application/json": { schema: orderInputSchema } },
    },
  },
  responses: {
    201: {
      description: "Order placed",
      content: {
        "application/json": {
          schema: placedOrderSchema,
        },
      },
    },
    200: {
      description: "The order placed earlier with the same Idempotency-Key",
      content: {
        "application/json": {
          schema: placedOrderSchema,
        },
      },
    },
    ...errorResponses(400, 409, 413, 429),
  },
});

export const ordersApi = createRouter();

ordersApi.use("/postOrder", bodyLimit(MAX_ORDER_BODY_BYTES, "The order is too large"));

ordersApi.openapi(postOrderRoute, async (c) => {
  const input = c.req.valid("json");
  const caller = await getCaller(c);
  const placed = await placeOrder(c.var.app.db, input, {
    userId: caller?.userId ?? null,
    idempotencyKey: c.req.valid("header")["idempotency-key"],
    freeDeliveryOver: c.var.app.config.FREE_DELIVERY_OVER,
    catalogueEvents: c.var.app.catalogueEvents,
    orderCodes: c.var.app,
    limits: {
      rateLimiter: c.var.app.rateLimiter,
      clientAddress: clientAddress(c, c.var.app.config.TRUSTED_PROXIES),
    },
  });
  return c.json(
    {
      insertedId: placed.insertedId,
      orderNumber: placed.orderNumber,
      ...(placed.awaitingCode ? { awaitingCode: true } : {}),
    },
    placed.created ? 201 : 200,
  );
});

// ---------------------------------------------------------------- Reading and changing orders

const orderStatusSchema = z.enum(ORDER_STATUSES);

const orderLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameBn: z.string().optional().openapi({
    description: "The product's Bengali name when the order was placed; empty when it had none",
  }),
  imageUrl: z.string(),
  color: z.string(),
  size: z.string(),
  originalPrice: z.number().int().openapi({ description: "Unit price the line was sold at" }),
  quantity: z.number().int(),
  lineTotal: z.number().int(),
});

const orderSchema = z
  .object({
    _id: z.string(),
    orderNumber: z.number().int(),
    date: z.string().openapi({ example: "05 Mar, 2025" }),
    time: z.string().openapi({ example: "04:00 pm" }),
    placedAt: z.string().openapi({ format: "date-time" }),
    subTotal: z.number().int(),
    total: z.number().int(),
    orderStatus: orderStatusSchema,
    email: z.string(),
    products: z.array(orderLineSchema),
    customerData: z.object({
      name: z.string(),
      email: z.string(),
      mobileNumber: z.string(),
      district: z.string(),
      thana: z.string(),
      address: z.string(),
      comment: z.string(),
      addressType: z.string(),
      deliveryArea: z.enum(DELIVERY_AREAS),
      paymentSystem: z.string(),
      deliveryCharge: z.number().int(),
    }),
    courier: z
      .object({
        name: z.enum(COURIER_NAMES),
        consignmentId: z.string().nullable(),
        trackingCode: z.string().nullable(),
        status: z.string().nullable().openapi({ description: "The courier's own parcel status" }),
        booking: z
          .enum(BOOKING_STATES)
          .optional()
          .openapi({ description: "Admins: queued, booking, booked, failed or unknown" }),
        charge: z.number().int().nullable().optional(),
        lastError: z
          .string()
          .nullable()
          .optional()
          .openapi({ description: "Admins: why it failed" }),
        message: z
          .string()
          .nullable()
          .optional()
          .openapi({ description: "The courier's last message" }),
        bookedAt: z.string().nullable().optional().openapi({ format: "date-time" }),
        attempts: z.number().int().optional(),
      })
      .nullable()
      .openapi({
        description:
          "The order's parcel: for admins from the booking request on, for customers once booked; null before.",
      }),
    risk: z
      .object({
        orders: z.number().int(),
        delivered: z.number().int(),
        cancelled: z.number().int(),
        returned: z.number().int(),
        deliveredRatio: z.number().nullable(),
        risky: z.boolean(),
        blocked: z.boolean(),
        courierHistory: z
          .object({
            totalParcels: z.number().int(),
            delivered: z.number().int(),
            cancelled: z.number().int(),
            checkedAt: z.string().openapi({ format: "date-time" }),
          })
          .nullable()
          .optional(),
      })
      .optional()
      .openapi({
        description:
          "Admins only: this phone number's orders at the shop; `risky` when more came back (Return) than RISK_MAX_RETURNS or the number is blocked; Steadfast's history when fetched.",
      }),
    heldReason: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: "Admins only: why the order is held (a blocked number)" }),
    awaitingCode: z.boolean().optional().openapi({
      description:
        "The order waits for the 6-digit code sent to its phone (ORDER_OTP); it is in the Unverified list, not the Pending queue, until the code is entered or staff confirm it by phone. Admins always get it; the order's owner only while it is true",
    }),
    code: z
      .object({
        state: z.enum(["awaiting", "expired", "locked"]),
        resendsLeft: z.number().int(),
        resendAfterSeconds: z.number().int(),
        triesLeft: z.number().int(),
      })
      .optional()
      .openapi({
        description:
          "Admins only, while `awaitingCode`: the code's state (`awaiting` a valid code, `expired`, or `locked` after too many wrong codes or resends), the customer's tries and new codes left",
      }),
    confirmation: z
      .object({
        attempts: z.number().int(),
        lastCallAt: z.string().nullable().openapi({ format: "date-time" }),
        lastOutcome: z.enum(CALL_OUTCOMES).nullable(),
      })
      .optional()
      .openapi({ description: "Admins only: the confirmation calls so far" }),
    returnBy: z
      .string()
      .nullable()
      .openapi({
        format: "date-time",
        description:
          "A Delivered order: until when its owner may return it (`RETURN_DAYS` after delivery). " +
          "Null for other statuses.",
      }),
    returnReceivedAt: z
      .string()
      .nullable()
      .openapi({
        format: "date-time",
        description:
          "An order in Return: when an admin marked its goods received (its stock went back). " +
          "Null until then.",
      }),
  })
  .openapi("Order");

const orderDetailSchema = orderSchema
  .extend({
    history: z.array(
      z.object({
        from: orderStatusSchema.nullable(),
        to: orderStatusSchema,
        at: z.string().openapi({ format: "date-time" }),
        byRole: z.enum(["admin", "customer", "system"]),
        byName: z.string().nullable(),
        note: z.string().nullable().openapi({
          description: '"by courier booking", "by courier: …" for changes no person made',
        }),
      }),
    ),
    calls: z.array(orderCallSchema).optional().openapi({
      description: "Admins only: the confirmation calls, oldest first",
    }),
    notes: z.array(orderNoteSchema).optional().openapi({
      description: "Admins only: internal notes, never shown to the customer",
    }),
  })
  .openapi("OrderDetail");

const orderPageSchema = z.object({
  data: z.array(orderSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int().openapi({ description: "Orders matching the filter, on all pages" }),
});

/** `status=Confirmed,Shipping` (or the parameter repeated): any of these statuses. */
const statusListSchema = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    const parts = (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(",")).map((s) => s.trim());
    const statuses = parts.filter(isOrderStatus);
    if (statuses.length !== parts.length) {
      ctx.addIssue({ code: "custom", message: `Use ${ORDER_STATUSES.join(", ")}` });
      return z.NEVER;
    }
    return statuses;
  })
  .openapi({ type: "string", example: "Confirmed,Shipping" });

const listQuerySchema = z.object({
  status: statusListSchema,
  q: z
    .string()
    .max(ORDER_SEARCH_MAX)
    .optional()
    .openapi({ description: "Order id (start), order number, mobile number or customer name" }),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.string().max(200).optional(),
});

const idParams = z.object({ id: z.string().min(1).max(64) });

const listOrdersRoute = createRoute({
  method: "get",
  path: "/orders",
  tags: ["Orders"],
  summary: "All orders (admins), newest first",
  description:
    "Filters: `status` (one or a comma list), `q` (search), `email` (one customer's orders: " +
    "placed while signed in to that account, or with that email once it is verified). Pages are " +
    "bounded by `limit` (default 100, max 500); pass `nextCursor` back as `cursor`.",
  request: {
    query: listQuerySchema.extend({ email: z.email().max(254).optional() }),
  },
  responses: {
    200: {
      description: "A page of orders",
      content: { "application/json": { schema: orderPageSchema } },
    },
    ...errorResponses(400, 401, 403),
  },
});

const myOrdersRoute = createRoute({
  method: "get",
  path: "/order",
  tags: ["Orders"],
  summary: "One customer's orders",
  description:
    "A customer may only ask for their own email and gets the orders placed while signed in, " +
    "plus those placed with that email once the email is verified. Admins may ask for any email. " +
    "Same filters and paging as `GET /api/orders`.",
  middleware: [signedInOnly] as const,
  request: { query: listQuerySchema.extend({ email: z.email().max(254) }) },
  responses: {
    200: {
      description: "A page of orders",
      content: { "application/json": { schema: orderPageSchema } },
    },
    ...errorResponses(400, 401, 403),
  },
});

const getOrderRoute = createRoute({
  method: "get",
  path: "/orders/{id}",
  tags: ["Orders"],
  summary: "One order with its lines and status history",
  description: "Admins: any order. Customers: their own; any other id answers 404.",
  middleware: [signedInOnly] as const,
  request: { params: idParams },
  responses: {
    200: {
      description: "The order",
      content: { "application/json": { schema: z.object({ data: orderDetailSchema }) } },
    },
    ...errorResponses(400, 401, 404),
  },
});

const orderStatusRoute = createRoute({
  method: "put",
  path: "/orderStatus/{id}",
  tags: ["Orders"],
  summary: "Change an order's status",
  description:
    "Allowed changes (anything else answers 409): admins Pending → Confirmed or Cancelled; " +
    "Confirmed → Shipping, Delivered or Cancelled; Shipping → Delivered or Cancelled; " +
    "Cancelled → Confirmed. The order's owner: Pending, Confirmed or Shipping → Cancelled; " +
    "Cancelled → Confirmed; Delivered → Return. Admins may also record a return (Delivered → " +
    "Return) at any time; the owner only within `RETURN_DAYS` (default 7) days of delivery, " +
    "after that 409. Send `from`, the status you saw, so a change made by someone else " +
    "meanwhile is not silently overridden: 409 with `error.currentStatus` when it differs. " +
    "Every change is recorded with who made it. A customer's request for an order that is not " +
    "theirs answers 404. Stock: cancelling gives back the pieces the order took; confirming a " +
    "cancelled order takes them again (409 `out_of_stock` with `error.products` when they are " +
    "gone, nothing changed); a Return gives them back when an admin marks it received " +
    "(`POST /api/orders/{id}/return-received`). An order whose parcel is booked with a courier " +
    "(decision 078): the owner cannot cancel it (409 `parcel_booked`: call the shop); an admin's " +
    "cancel cancels the parcel at RedX first (its refusal, e.g. already picked up: 409 " +
    "`parcel_booked` with RedX's words; RedX unreachable: 502 `courier_unavailable`; nothing " +
    "changed either way), and for Steadfast, Pathao or a booking whose answer was lost answers " +
    "409 `parcel_booked` with `error.canConfirm: true`: cancel it in the courier's panel, then " +
    "send `parcelCancelled: true`.",
  middleware: [signedInOnly] as const,
  request: {
    params: idParams,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({
            status: orderStatusSchema,
            from: orderStatusSchema.optional().openapi({
              description:
                "The status the caller saw. When the order has changed since, nothing is changed " +
                "and the answer is 409 with the current status in `error.currentStatus`.",
            }),
            parcelCancelled: z
              .boolean()
              .optional()
              .openapi({
                description:
                  "Admins, with `status: Cancelled`: the order's parcel was cancelled in the " +
                  "courier's own panel (after a 409 `parcel_booked` with `canConfirm`). The parcel " +
                  "stays watched: if the courier still reports it moving or delivered, a staff " +
                  "alert is raised (`GET /api/alerts`).",
              }),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: "Changed",
      content: {
        "application/json": {
          schema: z.object({ modifiedCount: z.literal(1), orderStatus: orderStatusSchema }),
        },
      },
    },
    ...errorResponses(400, 401, 404, 409, 502),
  },
});

const returnReceivedRoute = createRoute({
  method: "post",
  path: "/orders/{id}/return-received",
  tags: ["Orders"],
  summary: "Mark a returned order's goods as received (admins)",
  description:
    "The goods of an order in Return are back: every piece the order took from tracked stock " +
    "goes back on hand (one `returned` entry per variant in the stock history). Once per order: " +
    "`returnReceivedAt` records when. Not in Return, or already received: 409.",
  request: { params: idParams },
  responses: {
    200: {
      description: "Received",
      content: {
        "application/json": {
          schema: z.object({
            orderStatus: z.literal("Return"),
            returnReceivedAt: z.string().openapi({ format: "date-time" }),
          }),
        },
      },
    },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const deleteOrderRoute = createRoute({
  method: "delete",
  path: "/deleteOrder/{id}",
  tags: ["Orders"],
  summary: "Delete an order (admins; Cancelled, Delivered or Return only)",
  request: { params: idParams },
  responses: {
    200: {
      description: "Deleted",
      content: { "application/json": { schema: z.object({ deletedCount: z.literal(1) }) } },
    },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

/** The account behind an email, as an order owner (an email without an account owns its guest orders). */
async function ownerByEmail(db: Db, email: string): Promise<OrderOwner> {
  const account = await findUserByEmail(db, email);
  return account
    ? { userId: account.id, email: account.email, emailVerified: account.emailVerified }
    : { userId: null, email: email.toLowerCase(), emailVerified: true };
}

/** Both list routes: a page of the caller's visible orders, optionally one customer's. */
async function listFor(
  c: Context<AppEnv>,
  caller: Actor,
  query: z.infer<typeof listQuerySchema>,
  owner?: OrderOwner,
) {
  const { status, q, limit, cursor } = query;
  const page = await listOrders(c.var.app.db, caller, {
    statuses: status,
    search: q,
    owner,
    limit,
    cursor,
    returnDays: c.var.app.config.RETURN_DAYS,
    riskMaxReturns: c.var.app.config.RISK_MAX_RETURNS,
  });
  return c.json(page, 200);
}

ordersApi
  .openapi(listOrdersRoute, async (c) => {
    const caller = await requireAdmin(c);
    const query = c.req.valid("query");
    const owner = query.email ? await ownerByEmail(c.var.app.db, query.email) : undefined;
    return listFor(c, caller, query, owner);
  })
  .openapi(myOrdersRoute, async (c) => {
    const caller = await requireCaller(c);
    const query = c.req.valid("query");
    if (caller.role === "admin") {
      return listFor(c, caller, query, await ownerByEmail(c.var.app.db, query.email));
    }
    if (query.email.toLowerCase() !== caller.email) {
      throw new AppError("forbidden", "You can only list your own orders");
    }
    return listFor(c, caller, query);
  })
  .openapi(getOrderRoute, async (c) => {
    const caller = await requireCaller(c);
    const order = await getOrderDetail(c.var.app.db, caller, c.req.valid("param").id, {
      returnDays: c.var.app.config.RETURN_DAYS,
      riskMaxReturns: c.var.app.config.RISK_MAX_RETURNS,
    });
    return c.json({ data: order }, 200);
  })
  .openapi(orderStatusRoute, async (c) => {
    const caller = await requireCaller(c);
    const { status, from, parcelCancelled } = c.req.valid("json");
    const changed = await changeOrderStatus(c.var.app.db, caller, c.req.valid("param").id, status, {
      from,
      returnDays: c.var.app.config.RETURN_DAYS,
      catalogueEvents: c.var.app.catalogueEvents,
      couriers: c.var.app.couriers,
      parcelCancelled,
    });
    return c.json({ modifiedCount: 1 as const, orderStatus: changed.to }, 200);
  })
  .openapi(returnReceivedRoute, async (c) => {
    const caller = await requireAdmin(c);
    const received = await markReturnReceived(c.var.app.db, caller, c.req.valid("param").id, {
      catalogueEvents: c.var.app.catalogueEvents,
    });
    return c.json(
      { orderStatus: "Return" as const, returnReceivedAt: received.returnReceivedAt.toISOString() },
      200,
    );
  })
  .openapi(deleteOrderRoute, async (c) => {
    const caller = await requireAdmin(c);
    await deleteOrder(c.var.app.db, caller, c.req.valid("param").id);
    return c.json({ deletedCount: 1 as const }, 200);
  });
