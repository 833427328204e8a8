import { createRoute, z } from "@hono/zod-openapi";
import { contactInputSchema } from "../../core/schemas";
import { createContactMessage } from "../services/contact";
import { createRouter } from "./router";
import { errorResponses } from "./schemas";

const postRoute = createRoute({
  method: "post",
  path: "/contact",
  tags: ["Contact"],
  summary: "Send a message to the shop (the Contact us form)",
  description:
    "All five fields are required. The message is stored for the shop's staff; anyone may send one.",
  request: {
    body: { required: true, content: { "application/json": { schema: contactInputSchema } } },
  },
  responses: {
    201: {
      description: "The message is stored",
      content: { "application/json": { schema: z.object({ insertedId: z.string() }) } },
    },
    ...errorResponses(400),
  },
});

export const contactApi = createRouter().openapi(postRoute, async (c) => {
  const result = await createContactMessage(c.var.app.db, c.req.valid("json"));
  return c.json(result, 201);
});
