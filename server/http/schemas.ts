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
    }),
  })
  .openapi("Error");

export const productSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    description: z.string(),
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
