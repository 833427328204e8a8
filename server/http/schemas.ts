import { z } from "@hono/zod-openapi";

export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: "invalid" }),
      message: z.string(),
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
      retryAfter: z
        .number()
        .int()
        .optional()
        .openapi({ description: "429: seconds to wait (also the Retry-After header)" }),
      currentStatus: z
        .string()
        .optional()
        .openapi({ description: "409 on an order: its status now" }),
      orderStatus: z
        .string()
        .optional()
        .openapi({ description: "409 on an order: its status now (the same as `currentStatus`)" }),
      subTotal: z
        .number()
        .int()
        .optional()
        .openapi({ description: "409 `price_changed`: the sub-total at today's prices" }),
      deliveryCharge: z
        .number()
        .int()
        .optional()
        .openapi({ description: "409 `price_changed`: the delivery charge for the address" }),
      total: z
        .number()
        .int()
        .optional()
        .openapi({ description: "409 `price_changed`: the total to confirm" }),
      deliveryArea: z.enum(["Inside Dhaka", "Outside Dhaka"]).optional().openapi({
        description: "409 `price_changed`: the delivery area of the address, the charge's basis",
      }),
      updatedAt: z.string().optional().openapi({
        description:
          "409 `conflict` on a product or slide edited since it was read: when it was last saved",
      }),
      booking: z.string().optional().openapi({
        description: "409 `conflict` on a courier booking: the order's booking state",
      }),
      trackingCode: z.string().nullable().optional().openapi({
        description: "409 `parcel_booked`: the parcel's tracking code at the courier",
      }),
      size: z.string().optional().openapi({
        description: "409 `conflict` on a stock cell that moved: the cell's size",
      }),
      color: z.string().optional().openapi({
        description: "409 `conflict` on a stock cell that moved: the cell's colour",
      }),
      was: z.number().int().optional().openapi({
        description: "409 `conflict` on a stock cell: the pieces the form showed",
      }),
      now: z.number().int().optional().openapi({
        description: "409 `conflict` on a stock cell: the pieces stored now",
      }),
      products: z
        .array(z.record(z.string(), z.unknown()))
        .optional()
        .openapi({
          description:
            "409 `price_changed`: the lines at their current prices. 409 `out_of_stock`: each " +
            "short line as `{ id, color, size, requested, available }` (`OutOfStockLine`)",
        }),
      courier: z.string().optional().openapi({
        description: "409 `parcel_booked`: the courier that has the order's parcel",
      }),
      canConfirm: z
        .boolean()
        .optional()
        .openapi({
          description:
            "409 `parcel_booked` (admins): cancel the parcel in the courier's panel, then send the " +
            "cancel again with `parcelCancelled: true`",
        }),
    }),
  })
  .openapi("Error");

export const outOfStockLineSchema = z
  .object({
    id: z.string().openapi({ description: "The product" }),
    color: z.string(),
    size: z.string(),
    requested: z.number().int().openapi({ description: "Pieces the order asked for" }),
    available: z.number().int().openapi({ description: "Pieces left" }),
  })
  .openapi("OutOfStockLine");

export const stockLevelSchema = z
  .object({
    size: z.string().openapi({ example: "M" }),
    color: z.string().openapi({ example: "White" }),
    quantity: z.number().int().min(0),
  })
  .openapi("StockLevel");

export const productSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    description: z.string(),
    nameBn: z
      .string()
      .optional()
      .openapi({ description: "The name in Bengali, when the shop gave one (issue 25)" }),
    descriptionBn: z
      .string()
      .optional()
      .openapi({ description: "The description in Bengali, when the shop gave one (issue 25)" }),
    videoLink: z.string().nullable(),
    category: z.string(),
    subCategory: z.string(),
    productType: z.string(),
    sizes: z.array(z.string()),
    colors: z.array(z.string()),
    images: z.array(z.string()),
    originalPrice: z.number().int(),
    offerPrice: z.number().int().nullable(),
    ratings: z.number(),
    reviews: z.number().int(),
    createdAt: z.string().openapi({ format: "date-time" }),
    updatedAt: z.string().openapi({
      format: "date-time",
      description:
        "When the product last changed; send it back with an update to refuse a lost edit",
    }),
    trackStock: z.boolean().openapi({
      description:
        "Orders take this product's stock; false: not tracked, always available (`stock` " +
        "then holds whatever figures were entered, unused)",
    }),
    stock: z.array(stockLevelSchema).openapi({
      description:
        "Pieces on hand of every size × colour the product offers (`N/A` for a dimension it " +
        "does not offer; one entry for a product with neither)",
    }),
  })
  .openapi("Product");

export const errorResponseDescriptions = {
  400: "Invalid input (field issues listed)",
  401: "Not signed in",
  403: "Not allowed for this user, or a change sent from another site",
  404: "Not found",
  409: "Conflict with the current state",
  413: "Body too large",
  429: "Too many requests: wait `Retry-After` seconds (rate limits)",
  502: "A courier's API failed or could not be reached (its message in `error.message`)",
} as const;

export function errorResponses<
  const S extends readonly (400 | 401 | 403 | 404 | 409 | 413 | 429 | 502)[],
>(...statuses: S) {
  const descriptions = errorResponseDescriptions;
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      {
        description: descriptions[s],
        content: { "application/json": { schema: errorResponseSchema } },
      },
    ]),
  ) as {
    [K in S[number]]: {
      description: string;
      content: { "application/json": { schema: typeof errorResponseSchema } };
    };
  };
}
