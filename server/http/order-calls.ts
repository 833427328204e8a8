import { createRoute, z } from "@hono/zod-openapi";
import {
  CALL_NOTE_MAX,
  CALL_OUTCOMES,
  CANCEL_REASON_MAX,
  CANCEL_REASONS,
  ORDER_NOTE_MAX,
} from "~/core/order-calls";
import { ORDER_STATUSES } from "~/core/order-status";
import { addOrderNote, recordCall } from "../services/order-calls";
import { adminOf, adminOnly } from "./caller";
import { createRouter } from "./router";
import { errorResponses } from "./schemas";

const idParams = z.object({ id: z.string().min(1).max(64) });

export const orderCallSchema = z
  .object({
    id: z.string(),
    outcome: z.enum(CALL_OUTCOMES),
    reason: z.string().nullable().openapi({ description: "Why a cancelled order was cancelled" }),
    note: z.string().nullable(),
    at: z.string().openapi({ format: "date-time" }),
    byName: z.string().nullable(),
  })
  .openapi("OrderCall");

export const orderNoteSchema = z
  .object({
    id: z.string(),
    text: z.string(),
    at: z.string().openapi({ format: "date-time" }),
    byName: z.string().nullable(),
  })
  .openapi("OrderNote");

const callRoute = createRoute({
  method: "post",
  path: "/orders/{id}/calls",
  tags: ["Orders"],
  summary: "Record a confirmation call's outcome (admins)",
  description:
    "On a Pending order only (409 otherwise, with `currentStatus`). `confirmed` moves it to " +
    "Confirmed and `cancelled` (with a `reason`: " +
    CANCEL_REASONS.map((r) => `"${r}"`).join(", ") +
    ", or any text) to Cancelled, each with a history entry; `no_answer` keeps it Pending and out " +
    "of the queue for `NO_ANSWER_RETRY_MINUTES`; `wrong_number` keeps it Pending, flagged. Each " +
    "call is listed in the order's `calls` (admins).",
  middleware: [adminOnly] as const,
  request: {
    params: idParams,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({
            outcome: z.enum(CALL_OUTCOMES),
            note: z.string().max(CALL_NOTE_MAX).optional(),
            reason: z.string().max(CANCEL_REASON_MAX).optional(),
          }),
        },
      },
    },
  },
  responses: {
    201: {
      description: "Recorded",
      content: {
        "application/json": {
          schema: z.object({
            data: orderCallSchema,
            orderStatus: z.enum(ORDER_STATUSES),
            attempts: z.number().int(),
          }),
        },
      },
    },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const noteRoute = createRoute({
  method: "post",
  path: "/orders/{id}/notes",
  tags: ["Orders"],
  summary: "Add an internal note to an order (admins; never shown to the customer)",
  middleware: [adminOnly] as const,
  request: {
    params: idParams,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({ text: z.string().max(ORDER_NOTE_MAX) }),
        },
      },
    },
  },
  responses: {
    201: {
      description: "Added",
      content: { "application/json": { schema: z.object({ data: orderNoteSchema }) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

export const orderCallsApi = createRouter();

orderCallsApi
  .openapi(callRoute, async (c) => {
    const recorded = await recordCall(
      c.var.app.db,
      adminOf(c),
      c.req.valid("param").id,
      c.req.valid("json"),
      { catalogueEvents: c.var.app.catalogueEvents },
    );
    return c.json(
      { data: recorded.call, orderStatus: recorded.orderStatus, attempts: recorded.attempts },
      201,
    );
  })
  .openapi(noteRoute, async (c) => {
    const note = await addOrderNote(
      c.var.app.db,
      adminOf(c),
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return c.json({ data: note }, 201);
  });
