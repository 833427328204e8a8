import { createRoute, z } from "@hono/zod-openapi";
import {
  productInputSchema,
  productQuerySchema,
  productUpdateSchema,
  stockAdjustmentSchema,
} from "~/core/schemas";
import { ADJUSTMENT_REASONS, STOCK_REASONS } from "~/core/stock";
import {
  addProduct,
  deleteProduct,
  getProductWithStock,
  listProductsWithStock,
  updateProduct,
} from "../services/products";
import { adjustStock, stockHistory } from "../services/stock";
import { bodyLimit } from "./body-limit";
import { adminOf, adminOnly } from "./caller";
import { createRouter } from "./router";
import { errorResponses, productSchema, stockLevelSchema } from "./schemas";

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

const idParam = z.object({ id: z.string().min(1).max(64) });

/** A product body: a description of 5,000 characters and four image URLs stay far below this. */
const MAX_PRODUCT_BODY_BYTES = 64 * 1024;

const writeMiddleware = [adminOnly, bodyLimit(MAX_PRODUCT_BODY_BYTES, "The product is too large")];

const postRoute = createRoute({
  method: "post",
  path: "/postProduct",
  tags: ["Products"],
  summary: "Add a product (admin)",
  description:
    "Validated per decisions.md (category and sub-category from the lists, whole-taka prices, " +
    "offer ≤ original, ratings 1–5 in steps of 0.1, up to 4 images as https links or /media/ " +
    "paths, http(s) video link). " +
    "`createdAt` is accepted and ignored: the server sets it. `trackStock` (default false) " +
    "makes orders take the product's stock; `stock` sets pieces on hand per size and colour " +
    "(whole numbers ≥ 0, only the product's own sizes and colours, `N/A` where it has none; " +
    "each figure is an `adjustment` in the stock history). A tracked product's variants not " +
    "listed start at 0.",
  middleware: writeMiddleware,
  request: {
    body: { required: true, content: { "application/json": { schema: productInputSchema } } },
  },
  responses: {
    201: {
      description: "Added",
      content: { "application/json": { schema: z.object({ insertedId: z.string() }) } },
    },
    ...errorResponses(400, 401, 403, 413),
  },
});

const updateRoute = createRoute({
  method: "patch",
  path: "/updateProduct/{id}",
  tags: ["Products"],
  summary: "Change a product (admin)",
  description:
    "Partial update: the fields in the body replace the stored ones, absent fields stay. " +
    '`videoLink: ""` or `null` removes the video, `offerPrice: null` the offer. The product ' +
    "after the change must pass the same rules as a new one. Stored images the update drops " +
    "are deleted when no other product or slide uses them. `stock` sets the variants it lists " +
    "(checked against the sizes and colours after the change; each difference is an " +
    "`adjustment` in the stock history) and keeps the others; `trackStock` switches tracking. " +
    "`updatedAt`, when sent, is the product's `updatedAt` as it was read: if the product has " +
    "changed since, nothing is changed and the answer is 409 naming `updatedAt` (the stored " +
    "one in `error.updatedAt`).",
  middleware: writeMiddleware,
  request: {
    params: idParam,
    body: { required: true, content: { "application/json": { schema: productUpdateSchema } } },
  },
  responses: {
    200: {
      description: "The product after the change",
      content: {
        "application/json": {
          schema: z.object({
            matchedCount: z.number().int(),
            modifiedCount: z.number().int(),
            data: productSchema,
          }),
        },
      },
    },
    ...errorResponses(400, 401, 403, 404, 409, 413),
  },
});

const stockRoute = createRoute({
  method: "post",
  path: "/products/{id}/stock",
  tags: ["Products"],
  summary: "Change one variant's stock by hand (admin)",
  description:
    "Adds `change` pieces (negative: takes them away) to the `size` × `color` variant, as one " +
    `entry of the stock history with \`reason\` (${ADJUSTMENT_REASONS.join(" or ")}, default ` +
    "adjustment), and answers the new quantity. A size or colour the product does not offer " +
    "(`N/A` where it has none), a fractional change, 0, or a change that would leave fewer than " +
    "0 pieces answers 400 naming the field; nothing is changed.",
  middleware: [adminOnly],
  request: {
    params: idParam,
    body: { required: true, content: { "application/json": { schema: stockAdjustmentSchema } } },
  },
  responses: {
    200: {
      description: "The variant's pieces on hand after the change",
      content: { "application/json": { schema: z.object({ data: stockLevelSchema }) } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

const stockEntrySchema = z
  .object({
    id: z.number().int(),
    size: z.string(),
    color: z.string(),
    change: z.number().int().openapi({ description: "Pieces added (negative: taken)" }),
    reason: z.enum(STOCK_REASONS),
    orderId: z.string().nullable(),
    orderNumber: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Null for changes by hand, or once the order is deleted" }),
    userName: z.string().nullable().openapi({ description: "Who made the change, if known" }),
    at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("StockLedgerEntry");

const stockHistoryRoute = createRoute({
  method: "get",
  path: "/products/{id}/stock-history",
  tags: ["Products"],
  summary: "A product's stock history, newest first (admin)",
  description:
    "Every change of the product's stock: orders placed (negative), cancelled and returns " +
    "received (positive), changes by hand and imports. The pieces on hand of a variant are the " +
    "sum of its entries. Pages of `limit` (default 50, max 500); pass `nextCursor` as `cursor`.",
  middleware: [adminOnly],
  request: {
    params: idParam,
    query: z.object({
      limit: z.coerce.number().int().min(1).max(500).default(50),
      cursor: z.string().max(20).optional(),
    }),
  },
  responses: {
    200: {
      description: "A page of the stock history",
      content: {
        "application/json": {
          schema: z.object({ data: z.array(stockEntrySchema), nextCursor: z.string().nullable() }),
        },
      },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/deleteProduct/{id}",
  tags: ["Products"],
  summary: "Delete a product (admin)",
  description:
    "Orders keep their lines (they are snapshots). The product's stored images are deleted " +
    "when no other product or slide uses them.",
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

export const productsApi = createRouter()
  .openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    // Spec §5/§9: a search answers at most 10 results; an explicit `limit` still pages further.
    if (query.searchQuery && c.req.query("limit") === undefined) query.limit = SEARCH_RESULTS;
    const page = await listProductsWithStock(c.var.app.db, query);
    return c.json(page, 200);
  })
  .openapi(getRoute, async (c) => {
    const product = await getProductWithStock(c.var.app.db, c.req.valid("param").id);
    return c.json({ data: product }, 200);
  })
  .openapi(postRoute, async (c) => {
    // The service validates the body as sent (the route's schema already answered 400s).
    const product = await addProduct(c.var.app, adminOf(c), await c.req.json());
    return c.json({ insertedId: product._id }, 201);
  })
  .openapi(updateRoute, async (c) => {
    const { id } = c.req.valid("param");
    const product = await updateProduct(c.var.app, adminOf(c), id, await c.req.json());
    return c.json({ matchedCount: 1, modifiedCount: 1, data: product }, 200);
  })
  .openapi(stockRoute, async (c) => {
    const level = await adjustStock(
      c.var.app,
      adminOf(c),
      c.req.valid("param").id,
      await c.req.json(),
    );
    return c.json({ data: level }, 200);
  })
  .openapi(stockHistoryRoute, async (c) => {
    const { limit, cursor } = c.req.valid("query");
    const page = await stockHistory(c.var.app.db, adminOf(c), c.req.valid("param").id, {
      limit,
      cursor,
    });
    return c.json(page, 200);
  })
  .openapi(deleteRoute, async (c) => {
    await deleteProduct(c.var.app, adminOf(c), c.req.valid("param").id);
    return c.json({ deletedCount: 1 }, 200);
  });
