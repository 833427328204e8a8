import { createRoute, z } from "@hono/zod-openapi";
import { COURIER_NAMES } from "~/core/courier";
import { ORDER_STATUSES } from "~/core/order-status";
import {
  ORDER_CODE_MAX_RESENDS,
  ORDER_CODE_MAX_WRONG_TRIES,
  ORDER_CODE_RESEND_GAP_SECONDS,
} from "~/core/order-tracking";
import {
  orderCodeSchema,
  orderNumberSchema,
  trackPhoneSchema,
} from "~/core/schemas/order-tracking";
import { RATE_LIMITS } from "../rate-limit/rules";
import { resendOrderCode, verifyOrderCode } from "../services/order-codes";
import { trackOrder } from "../services/order-tracking";
import { clientAddress } from "./client-address";
import { createRouter } from "./router";
import { errorResponses } from "./schemas";

const limits = RATE_LIMITS;

// The rules are core's (the page uses them too); the document shows what is sent.
const phoneField = z
  .string()
  .max(40)
  .openapi({
    description:
      "The phone number the order was placed with: 01XXXXXXXXX, +8801XXXXXXXXX or 8801XXXXXXXXX (Bengali digits accepted)",
    example: "01712345678",
  })
  .pipe(trackPhoneSchema);

const orderNumberField = z
  .string()
  .max(40)
  .openapi({
    description: "The order number (a leading # and Bengali digits accepted)",
    example: "100123",
  })
  .pipe(orderNumberSchema);

const trackRoute = createRoute({
  method: "get",
  path: "/track",
  tags: ["Orders"],
  summary: "Track an order by its number and phone",
  description:
    "The order's status and its status history, with the courier and tracking code once the " +
    "parcel is booked. Nothing personal is answered. A pair that names no order — a missing " +
    "number, a wrong phone, another customer's order — answers the same 404 `not_found` with " +
    "the same message. Limited to " +
    `${limits.trackPerOrderNumberFromAddress.max} look-ups per order number from one client ` +
    `address, ${limits.trackPerOrderNumber.max} per order number from all of them and ` +
    `${limits.trackPerPhone.max} per phone per 10 minutes, and ` +
    `${limits.trackPerAddress.max} per client address per minute (429 with \`Retry-After\`).`,
  request: {
    query: z.object({
      orderNumber: orderNumberField,
      phone: phoneField,
    }),
  },
  responses: {
    200: {
      description: "The order",
      content: {
        "application/json": {
          schema: z.object({
            data: z
              .object({
                orderNumber: z.number().int(),
                status: z.enum(ORDER_STATUSES),
                history: z.array(
                  z.object({
                    status: z.enum(ORDER_STATUSES),
                    at: z.string().openapi({ format: "date-time" }),
                  }),
                ),
                courier: z
                  .enum(COURIER_NAMES)
                  .optional()
                  .openapi({ description: "Once the parcel is booked" }),
                trackingCode: z
                  .string()
                  .optional()
                  .openapi({ description: "The courier's tracking code, once booked" }),
                awaitingCode: z.boolean().optional().openapi({
                  description:
                    "True while the order waits for the one-time code sent by SMS (ORDER_OTP)",
                }),
              })
              .openapi("TrackedOrder"),
          }),
        },
      },
    },
    ...errorResponses(400, 404, 429),
  },
});

const orderNumberParams = z.object({ orderNumber: orderNumberField });

const verifyRoute = createRoute({
  method: "post",
  path: "/orders/{orderNumber}/verify",
  tags: ["Orders"],
  summary: "Enter an order's one-time code (ORDER_OTP)",
  description:
    "For an order that waits for the 6-digit code sent to its phone by SMS: the right code " +
    "within 10 minutes makes it Pending like any other order (in the staff's queue). A wrong " +
    `code answers 400 with the tries left under \`code\`; after ${ORDER_CODE_MAX_WRONG_TRIES} ` +
    "wrong codes, or with an expired code, 409 (the order stays unverified and staff will call). " +
    "A pair that names no order: the same 404 as GET /api/track; an order that does not wait " +
    `for a code: 409. Limited to ${limits.orderCodePerOrder.max} requests per order per 10 ` +
    `minutes and ${limits.orderCodePerAddress.max} per client address per minute (429).`,
  request: {
    params: orderNumberParams,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({
            phone: phoneField,
            code: z
              .string()
              .max(20)
              .openapi({ description: "The 6-digit code from the SMS", example: "123456" })
              .pipe(orderCodeSchema),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: "Verified: the order is Pending",
      content: {
        "application/json": {
          schema: z.object({
            data: z.object({ orderNumber: z.number().int(), status: z.literal("Pending") }),
          }),
        },
      },
    },
    ...errorResponses(400, 404, 409, 429),
  },
});

const resendRoute = createRoute({
  method: "post",
  path: "/orders/{orderNumber}/verify/resend",
  tags: ["Orders"],
  summary: "Send a new one-time code (ORDER_OTP)",
  description:
    `A new code by SMS (the previous one stops working), at most ${ORDER_CODE_MAX_RESENDS} ` +
    `times per order and ${ORDER_CODE_RESEND_GAP_SECONDS} seconds apart (429 with ` +
    "`Retry-After` before then); 409 when none is left or the order is locked.",
  request: {
    params: orderNumberParams,
    body: {
      required: true,
      content: { "application/json": { schema: z.object({ phone: phoneField }) } },
    },
  },
  responses: {
    200: {
      description: "A new code was sent",
      content: {
        "application/json": {
          schema: z.object({
            data: z.object({
              resendsLeft: z.number().int(),
              triesLeft: z.number().int(),
            }),
          }),
        },
      },
    },
    ...errorResponses(400, 404, 409, 429),
  },
});

export const trackApi = createRouter();

trackApi.openapi(trackRoute, async (c) => {
  const query = c.req.valid("query");
  const app = c.var.app;
  const order = await trackOrder(app, query, clientAddress(c, app.config.TRUSTED_PROXIES));
  return c.json(
    {
      data: {
        orderNumber: order.orderNumber,
        status: order.status,
        history: order.history,
        ...(order.courier
          ? { courier: order.courier.name, trackingCode: order.courier.trackingCode }
          : {}),
        ...(order.code ? { awaitingCode: true } : {}),
      },
    },
    200,
  );
});

trackApi.openapi(verifyRoute, async (c) => {
  const { orderNumber } = c.req.valid("param");
  const { phone, code } = c.req.valid("json");
  const app = c.var.app;
  const verified = await verifyOrderCode(
    app,
    { orderNumber, phone },
    code,
    clientAddress(c, app.config.TRUSTED_PROXIES),
  );
  return c.json({ data: verified }, 200);
});

trackApi.openapi(resendRoute, async (c) => {
  const { orderNumber } = c.req.valid("param");
  const { phone } = c.req.valid("json");
  const app = c.var.app;
  const view = await resendOrderCode(
    app,
    { orderNumber, phone },
    clientAddress(c, app.config.TRUSTED_PROXIES),
  );
  return c.json({ data: { resendsLeft: view.resendsLeft, triesLeft: view.triesLeft } }, 200);
});
