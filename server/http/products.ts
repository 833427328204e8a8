import { createRoute, z } from "@hono/zod-openapi";
import { productQuerySchema } from "../../core/schemas";
import { getProduct, listProducts } from "../services/products";
import { createRouter } from "./router";
import { errorResponses, productSchema } from "./schemas";

const listRoute = createRoute({
  method: "get",
  path: "/products",
  tags: ["Products"],
  summary: "List products, newest first",
  description:
    "Filters combine. `searchQuery` is a case-insensitive substring of the name. " +
    "Pages are bounded by `limit` (default 100, max 500); pass `nextCursor` back as `cursor`.",
  request: { query: productQuerySchema },
  responses: {
    200: {
      description: "A page of products",
      content: {
        "application/json": {
          schema: z.object({ data: z.array(productSchema), nextCursor: z.string().nullable() }),
        },
      },
    },
    ...errorResponses(400),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/product/{id}",
  tags: ["Products"],
  summary: "One product",
  request: { params: z.object({ id: z.string().min(1).max(64) }) },
  responses: {
    200: {
      description: "The product",
      content: { "application/json": { schema: z.object({ data: productSchema }) } },
    },
    ...errorResponses(400, 404),
  },
});

export const productsApi = createRouter()
  .openapi(listRoute, async (c) => {
    const page = await listProducts(c.var.app.db, c.req.valid("query"));
    return c.json(page, 200);
  })
  .openapi(getRoute, async (c) => {
    const product = await getProduct(c.var.app.db, c.req.valid("param").id);
    return c.json({ data: product }, 200);
  });
