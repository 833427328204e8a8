import { createRoute, z } from "@hono/zod-openapi";
import { getSlide, listSlides } from "../services/slides";
import { createRouter } from "./router";
import { errorResponses } from "./schemas";

export const slideSchema = z
  .object({
    _id: z.string(),
    image: z.string().openapi({ description: "Image URL (900x450)" }),
    title: z.string().openapi({ description: "Alt text of the image" }),
    time: z.string().openapi({ format: "date-time", description: "Set when added or updated" }),
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

export const slidesApi = createRouter()
  .openapi(listRoute, async (c) => {
    return c.json(await listSlides(c.var.app.db), 200);
  })
  .openapi(getRoute, async (c) => {
    return c.json(await getSlide(c.var.app.db, c.req.valid("param").id), 200);
  });
