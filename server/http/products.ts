import { createRoute, z } from "@hono/zod-openapi";
import { productQuerySchema } from "../../core/schemas";
import { getProduct, listProducts } from "../services/products";
import { createRouter } from "./router";
import { errorResponses, productSchema } from "./schemas";

/** Spec §9: search results, at most 10. */
export const SEARCH_RESULTS = 10;

const listRoute = createRoute({
  method: "get",
  path: "/products",
  tags: ["Products"],
  summary: "List products, newest first",
  description:
    "Filters combine. `searchQuery` is a case-insensitive substring of the name; a search " +
    "answers at most 10 products unless `limit` is given (spec §5). " +
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
    const query = c.req.valid("query");
    // Spec §5/§9: a search answers at most 10 results; an explicit `limit` still pages further.
    if (query.searchQuery && c.req.query("limit") === undefined) query.limit = SEARCH_RESULTS;
    const page = await listProducts(c.var.app.db, query);
    return c.json(page, 200);
  })
  .openapi(getRoute, async (c) => {
    const product = await getProduct(c.var.app.db, c.req.valid("param").id);
    return c.json({ data: product }, 200);
  });
