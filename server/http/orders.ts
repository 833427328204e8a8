import { createRoute, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_PATTERN } from "../../core/checkout";
import { orderInputSchema } from "../../core/schemas/order";
import { placeOrder } from "../services/orders";
import { getCaller } from "./caller";
import { createRouter } from "./router";
import { errorResponses } from "./schemas";

/** An order body is a few KB; 50 lines with long names stay far below this. */
const MAX_ORDER_BODY_BYTES = 64 * 1024;

const postOrderRoute = createRoute({
  method: "post",
  path: "/postOrder",
  tags: ["Orders"],
  summary: "Place a cash-on-delivery order",
  description:
    "Prices every line from the catalogue and computes the delivery charge (Inside Dhaka ৳60, " +
    "Outside Dhaka ৳120) and the total. When the client's `subTotal`, `total`, line prices or " +
    "delivery charge differ, answers 409 `price_changed` with the current figures " +
    "(`error.subTotal`, `error.deliveryCharge`, `error.total`, `error.products`) and stores " +
    "nothing. A product that no longer exists, or a colour or size it does not offer, answers 400 " +
    "naming it. Send an `Idempotency-Key` (one per attempt): repeating it returns the first order " +
    "(200) instead of placing another; the same key with a different body answers 409. The " +
    "order is tied to the signed-in user, if any.",
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
          schema: z.object({ insertedId: z.string(), orderNumber: z.number().int() }),
        },
      },
    },
    200: {
      description: "The order placed earlier with the same Idempotency-Key",
      content: {
        "application/json": {
          schema: z.object({ insertedId: z.string(), orderNumber: z.number().int() }),
        },
      },
    },
    ...errorResponses(400, 409, 413),
  },
});

export const ordersApi = createRouter();

ordersApi.use(
  "/postOrder",
  bodyLimit({
    maxSize: MAX_ORDER_BODY_BYTES,
    onError: () => {
      throw new HTTPException(413, { message: "The order is too large" });
    },
  }),
);

ordersApi.openapi(postOrderRoute, async (c) => {
  const caller = await getCaller(c);
  const placed = await placeOrder(c.var.app.db, c.req.valid("json"), {
    userId: caller?.userId ?? null,
    idempotencyKey: c.req.valid("header")["idempotency-key"],
  });
  return c.json(
    { insertedId: placed.insertedId, orderNumber: placed.orderNumber },
    placed.created ? 201 : 200,
  );
});
