import { createRoute, z } from "@hono/zod-openapi";
import {
  EVENT_PLACEHOLDERS,
  MESSAGE_CHANNELS,
  MESSAGE_LANGUAGES,
  MESSAGE_STATUSES,
  PLACEHOLDERS,
  SMS_EVENTS,
  TEMPLATE_MAX_LENGTH,
} from "~/core/notifications";
import { listOrderMessages, notificationsStatus } from "../notify/messages";
import { listTemplates, restoreDefaultTemplate, saveTemplate } from "../notify/templates";
import { adminOf, adminOnly } from "./caller";
import { createRouter } from "./router";
import { errorResponses } from "./schemas";

const eventSchema = z.enum(SMS_EVENTS).openapi({ example: "order_placed" });
const languageSchema = z.enum(MESSAGE_LANGUAGES).openapi({ example: "bn" });

const messageSchema = z
  .object({
    id: z.string(),
    channel: z.enum(MESSAGE_CHANNELS),
    event: eventSchema,
    to: z.string(),
    status: z.enum(MESSAGE_STATUSES),
    text: z.string().nullable().openapi({ description: "Written when the message is first sent" }),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    provider: z.string().nullable(),
    providerMessageId: z.string().nullable(),
    createdAt: z.string().openapi({ format: "date-time" }),
    sentAt: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("CustomerMessage");

const templateSchema = z
  .object({
    event: eventSchema,
    language: languageSchema,
    template: z.string(),
    isDefault: z.boolean(),
    defaultTemplate: z.string(),
    updatedAt: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("MessageTemplate");

const templateKey = z.object({ event: eventSchema, language: languageSchema });

const orderMessagesRoute = createRoute({
  method: "get",
  path: "/orders/{id}/messages",
  tags: ["Notifications"],
  summary: "The SMS and emails sent to an order's customer (admins)",
  description:
    "Every message queued for the order, oldest first: `queued` (a job will send it), `sending`, " +
    "`sent` or `failed` (`lastError` says why).",
  middleware: [adminOnly] as const,
  request: { params: z.object({ id: z.string().min(1).max(64) }) },
  responses: {
    200: {
      description: "The messages",
      content: { "application/json": { schema: z.object({ data: z.array(messageSchema) }) } },
    },
    ...errorResponses(401, 403, 404),
  },
});

const listTemplatesRoute = createRoute({
  method: "get",
  path: "/message-templates",
  tags: ["Notifications"],
  summary: "Every event's SMS template in Bengali and English (admins)",
  description: `Placeholders: ${PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}; each event's own: ${SMS_EVENTS.map((e) => `${e} ${EVENT_PLACEHOLDERS[e].map((p) => `{${p}}`).join(" ")}`).join("; ")}. An email carries the same text and the order's summary.`,
  middleware: [adminOnly] as const,
  responses: {
    200: {
      description: "The templates",
      content: { "application/json": { schema: z.object({ data: z.array(templateSchema) }) } },
    },
    ...errorResponses(401, 403),
  },
});

const saveTemplateRoute = createRoute({
  method: "put",
  path: "/message-templates/{event}/{language}",
  tags: ["Notifications"],
  summary: "Save an event's template in one language (admins)",
  description: `400 with an issue under \`template\` for an empty text, one longer than ${TEMPLATE_MAX_LENGTH} characters, an unknown placeholder, one the event does not know when it is sent (\`{code}\` outside order_code, the courier's before the parcel can be booked), or an order_code text without \`{code}\`.`,
  middleware: [adminOnly] as const,
  request: {
    params: templateKey,
    body: {
      required: true,
      content: {
        "application/json": { schema: z.object({ template: z.string().max(2000) }) },
      },
    },
  },
  responses: {
    200: {
      description: "Saved",
      content: { "application/json": { schema: z.object({ data: templateSchema }) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

const restoreTemplateRoute = createRoute({
  method: "delete",
  path: "/message-templates/{event}/{language}",
  tags: ["Notifications"],
  summary: "Restore an event's default template in one language (admins)",
  middleware: [adminOnly] as const,
  request: { params: templateKey },
  responses: {
    200: {
      description: "The default again",
      content: { "application/json": { schema: z.object({ data: templateSchema }) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

const statusRoute = createRoute({
  method: "get",
  path: "/notifications/status",
  tags: ["Notifications"],
  summary: "How customers' SMS and emails go out (admins)",
  middleware: [adminOnly] as const,
  responses: {
    200: {
      description: "The gateway (or the outbox) and failures of the last day",
      content: {
        "application/json": {
          schema: z.object({
            smsProvider: z.enum(["bulksmsbd", "sslwireless", "alpha", "outbox"]),
            smsProviderLabel: z.string(),
            sendingSms: z.boolean(),
            mail: z.enum(["smtp", "outbox"]),
            failedLastDay: z.number().int(),
          }),
        },
      },
    },
    ...errorResponses(401, 403),
  },
});

export const notificationsApi = createRouter();

notificationsApi
  .openapi(orderMessagesRoute, async (c) => {
    const data = await listOrderMessages(c.var.app.db, adminOf(c), c.req.valid("param").id);
    return c.json({ data }, 200);
  })
  .openapi(listTemplatesRoute, async (c) => {
    return c.json({ data: await listTemplates(c.var.app.db, adminOf(c)) }, 200);
  })
  .openapi(saveTemplateRoute, async (c) => {
    const data = await saveTemplate(c.var.app.db, adminOf(c), {
      ...c.req.valid("param"),
      template: c.req.valid("json").template,
    });
    return c.json({ data }, 200);
  })
  .openapi(restoreTemplateRoute, async (c) => {
    return c.json(
      { data: await restoreDefaultTemplate(c.var.app.db, adminOf(c), c.req.valid("param")) },
      200,
    );
  })
  .openapi(statusRoute, async (c) => {
    return c.json(await notificationsStatus(c.var.app, adminOf(c)), 200);
  });
