import { createRoute, z } from "@hono/zod-openapi";
import { contactInputSchema } from "~/core/schemas";
import {
  listContactMessages,
  sendContactMessage,
  setContactMessageRead,
} from "../services/contact";
import { adminOnly, requireAdmin } from "./caller";
import { clientAddress } from "./client-address";
import { createRouter } from "./router";
import { errorResponses } from "./schemas";

const postRoute = createRoute({
  method: "post",
  path: "/contact",
  tags: ["Contact"],
  summary: "Send a message to the shop (the Contact us form)",
  description:
    "All five fields are required. The message is stored for the shop's staff; anyone may send " +
    "one, a few per address, email and phone every 10 minutes (429 past that).",
  request: {
    body: { required: true, content: { "application/json": { schema: contactInputSchema } } },
  },
  responses: {
    201: {
      description: "The message is stored",
      content: { "application/json": { schema: z.object({ insertedId: z.string() }) } },
    },
    ...errorResponses(400, 429),
  },
});

const messageSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    subject: z.string(),
    description: z.string(),
    createdAt: z.string().openapi({ format: "date-time" }),
    readAt: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("ContactMessage");

const listRoute = createRoute({
  method: "get",
  path: "/contactMessages",
  tags: ["Contact"],
  summary: "Messages sent through Contact us, newest first (admins)",
  middleware: [adminOnly] as const,
  request: {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(500).default(100),
      cursor: z.string().max(200).optional(),
    }),
  },
  responses: {
    200: {
      description: "A page of messages and how many are unread",
      content: {
        "application/json": {
          schema: z.object({
            data: z.array(messageSchema),
            nextCursor: z.string().nullable(),
            unread: z.number().int(),
          }),
        },
      },
    },
    ...errorResponses(400, 401, 403),
  },
});

const readRoute = createRoute({
  method: "patch",
  path: "/contactMessages/{id}",
  tags: ["Contact"],
  summary: "Mark a message read or unread (admins)",
  middleware: [adminOnly] as const,
  request: {
    params: z.object({ id: z.string().min(1).max(64) }),
    body: {
      required: true,
      content: { "application/json": { schema: z.object({ read: z.boolean() }) } },
    },
  },
  responses: {
    200: {
      description: "The message",
      content: { "application/json": { schema: z.object({ data: messageSchema }) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

export const contactApi = createRouter()
  .openapi(postRoute, async (c) => {
    const result = await sendContactMessage(
      c.var.app,
      c.req.valid("json"),
      clientAddress(c, c.var.app.config.TRUSTED_PROXIES),
    );
    return c.json(result, 201);
  })
  .openapi(listRoute, async (c) => {
    await requireAdmin(c);
    return c.json(await listContactMessages(c.var.app.db, c.req.valid("query")), 200);
  })
  .openapi(readRoute, async (c) => {
    const admin = await requireAdmin(c);
    const { id } = c.req.valid("param");
    const { read } = c.req.valid("json");
    const message = await setContactMessageRead(c.var.app.db, admin, id, read);
    return c.json({ data: message }, 200);
  });
