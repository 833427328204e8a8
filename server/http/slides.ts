import { createRoute, z } from "@hono/zod-openapi";
import { slideInputSchema } from "~/core/schemas";
import {
  addSlide,
  deleteSlide,
  getSlide,
  listSlides,
  MAX_SLIDES,
  updateSlide,
} from "../services/slides";
import { bodyLimit } from "./body-limit";
import { adminOf, adminOnly } from "./caller";
import { createRouter } from "./router";
import { errorResponses } from "./schemas";

export const slideSchema = z
  .object({
    _id: z.string(),
    image: z.string().openapi({ description: "Image URL (900x450)" }),
    title: z.string().openapi({ description: "Alt text of the image" }),
    titleBn: z
      .string()
      .optional()
      .openapi({ description: "Alt text in Bengali, when the shop gave one (issue 25)" }),
    time: z.string().openapi({ format: "date-time", description: "Set when added or updated" }),
    updatedAt: z.string().openapi({
      format: "date-time",
      description: "When the slide last changed; send it back with an update to refuse a lost edit",
    }),
  })
  .openapi("Slide");

const listRoute = createRoute({
  method: "get",
  path: "/getSliders",
  tags: ["Slides"],
  summary: "The home page slides, in the order they were added",
  responses: {
    200: {
      description: "Every slide (at most 50): the list itself, as spec §7 answers it",
      content: { "application/json": { schema: z.array(slideSchema) } },
    },
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/getSlider/{id}",
  tags: ["Slides"],
  summary: "One slide",
  request: { params: z.object({ id: z.string().min(1).max(64) }) },
  responses: {
    200: {
      description: "The slide itself",
      content: { "application/json": { schema: slideSchema } },
    },
    ...errorResponses(400, 404),
  },
});

const idParam = z.object({ id: z.string().min(1).max(64) });

const writeMiddleware = [adminOnly, bodyLimit(16 * 1024, "The slide is too large")];

const postRoute = createRoute({
  method: "post",
  path: "/postSlider",
  tags: ["Slides"],
  summary: "Add a slide at the end of the slider (admin)",
  description:
    "`image` is a stored image (`/media/…` from POST /api/images) or an https URL; `title` is " +
    `its alt text. The server sets \`time\`. At most ${MAX_SLIDES} slides (409 beyond).`,
  middleware: writeMiddleware,
  request: {
    body: { required: true, content: { "application/json": { schema: slideInputSchema } } },
  },
  responses: {
    201: {
      description: "Added",
      content: { "application/json": { schema: z.object({ insertedId: z.string() }) } },
    },
    ...errorResponses(400, 401, 403, 409, 413),
  },
});

const updateRoute = createRoute({
  method: "put",
  path: "/updateSlider/{id}",
  tags: ["Slides"],
  summary: "Replace a slide's image (admin)",
  description:
    "Sets the image, the title when the body has one (absent keeps it), and `time` to now. The " +
    "slide keeps its place. The old stored image is deleted when nothing else uses it. " +
    "`updatedAt`, when sent, is the slide's `updatedAt` as it was read: if the slide has " +
    "changed since, nothing is changed and the answer is 409 naming `updatedAt` (the stored " +
    "one in `error.updatedAt`).",
  middleware: writeMiddleware,
  request: {
    params: idParam,
    body: { required: true, content: { "application/json": { schema: slideInputSchema } } },
  },
  responses: {
    200: {
      description: "The slide after the change",
      content: {
        "application/json": {
          schema: z.object({ modifiedCount: z.number().int(), data: slideSchema }),
        },
      },
    },
    ...errorResponses(400, 401, 403, 404, 409, 413),
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/deleteSlider/{id}",
  tags: ["Slides"],
  summary: "Delete a slide (admin)",
  description: "Its stored image is deleted when no product or other slide uses it.",
  middleware: [adminOnly],
  request: { params: idParam },
  responses: {
    200: {
      description: "Deleted",
      content: { "application/json": { schema: z.object({ deletedCount: z.number().int() }) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

export const slidesApi = createRouter()
  .openapi(listRoute, async (c) => {
    return c.json(await listSlides(c.var.app.db), 200);
  })
  .openapi(getRoute, async (c) => {
    return c.json(await getSlide(c.var.app.db, c.req.valid("param").id), 200);
  })
  .openapi(postRoute, async (c) => {
    const slide = await addSlide(c.var.app, adminOf(c), await c.req.json());
    return c.json({ insertedId: slide._id }, 201);
  })
  .openapi(updateRoute, async (c) => {
    const { id } = c.req.valid("param");
    const slide = await updateSlide(c.var.app, adminOf(c), id, await c.req.json());
    return c.json({ modifiedCount: 1, data: slide }, 200);
  })
  .openapi(deleteRoute, async (c) => {
    await deleteSlide(c.var.app, adminOf(c), c.req.valid("param").id);
    return c.json({ deletedCount: 1 }, 200);
  });
