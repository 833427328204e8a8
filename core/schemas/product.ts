import { z } from "zod";
import {
  CATEGORIES,
  type Category,
  COLORS,
  findSubCategory,
  normalizeCategory,
  PRODUCT_TYPES,
  SIZES,
  SUB_CATEGORIES,
} from "../catalogue";
import {
  emptyToUndefined,
  imageRefSchema,
  isHttpUrl,
  isoDateTimeSchema,
  whenFieldsValid,
} from "./common";
import { stockGridSchema } from "./stock";

export const MAX_PRODUCT_IMAGES = 4;
export const MAX_PRICE = 10_000_000;
/**
 * Each limit has its own words: without them zod reports a number over it with the field's
 * "Enter the …" message, as if nothing had been entered.
 */
const PRICE_TOO_HIGH = "Prices go up to ৳10,000,000";
const MAX_REVIEWS = 1_000_000_000;

function uniqueList<T extends string>(item: z.ZodType<T>, what: string) {
  return z
    .array(item)
    .max(20)
    .refine((list) => new Set(list).size === list.length, `Each ${what} may appear only once`);
}

export const categorySchema = z.preprocess(
  (v: string) => (typeof v === "string" ? (normalizeCategory(v) ?? v) : v),
  z.enum(CATEGORIES, { error: "Unknown category" }),
);

/** Canonical spelling when the name is known; membership is checked against the category. */
const subCategorySchema = z
  .string()
  .trim()
  .min(1, "Sub-category is required")
  .max(100)
  .transform((v) => findSubCategory(v)?.subCategory ?? v);

/** The form sends "" for no video; null comes back from a stored product. */
const videoLinkSchema = z
  .union([
    z.null(),
    z
      .string()
      .trim()
      .max(2000)
      .refine((v) => v === "" || isHttpUrl(v), "Enter an http(s) URL"),
  ])
  .transform((v) => (v ? v : undefined))
  .optional();

const ratingsSchema = z
  .number({ error: "Ratings must be between 1 and 5" })
  .min(1, "Ratings must be between 1 and 5")
  .max(5, "Ratings must be between 1 and 5")
  .refine((r) => Math.abs(r * 10 - Math.round(r * 10)) < 1e-9, "Ratings take one decimal place");

const fields = {
  name: z.string().trim().min(1, "Name is required").max(200),
  description: z.string().max(5000),
  /** Optional Bengali name and description (issue 25): pages in Bengali show them first. */
  nameBn: z.string().trim().max(200),
  descriptionBn: z.string().max(5000),
  videoLink: videoLinkSchema,
  category: categorySchema,
  subCategory: subCategorySchema,
  productType: z.enum(PRODUCT_TYPES, { error: "Choose a product type" }),
  sizes: uniqueList(z.enum(SIZES, { error: "Unknown size" }), "size"),
  colors: uniqueList(z.enum(COLORS, { error: "Unknown colour" }), "colour"),
  images: z.array(imageRefSchema).max(MAX_PRODUCT_IMAGES, `Up to ${MAX_PRODUCT_IMAGES} images`),
  originalPrice: z
    .number({ error: "Enter the original price" })
    .int("Prices are whole taka")
    .min(1, "Prices start at ৳1")
    .max(MAX_PRICE, PRICE_TOO_HIGH),
  offerPrice: z
    .number({ error: "Enter the offer price, or leave it empty" })
    .int("Prices are whole taka")
    .min(1, "Prices start at ৳1")
    .max(MAX_PRICE, PRICE_TOO_HIGH)
    .nullish(),
  ratings: ratingsSchema,
  reviews: z
    .number({ error: "Enter the number of reviews" })
    .int("Reviews are a whole number")
    .min(0, "Reviews cannot be negative")
    .max(MAX_REVIEWS, "Reviews go up to 1,000,000,000"),
  /** Accepted for compatibility with the original client; the server sets the time. */
  createdAt: isoDateTimeSchema.optional(),
  /** Orders take this product's stock; off: always available (issue 22). */
  trackStock: z.boolean({ error: "Track stock is true or false" }),
  /**
   * Pieces on hand per size and colour: the variants listed are set (each change is a ledger
   * entry), the others keep theirs. Sizes and colours are checked against the product.
   */
  stock: stockGridSchema,
};

type CrossFields = {
  category?: Category;
  subCategory?: string;
  originalPrice?: number;
  offerPrice?: number | null;
};

/** Rules that involve two fields; each is checked only when both fields are present and valid. */
function checkCrossFields(p: CrossFields, ctx: z.RefinementCtx<CrossFields>) {
  if (p.subCategory !== undefined) {
    const found = findSubCategory(p.subCategory);
    if (p.category !== undefined) {
      if (!SUB_CATEGORIES[p.category].includes(p.subCategory)) {
        ctx.addIssue({
          code: "custom",
          path: ["subCategory"],
          message: `"${p.subCategory}" is not a sub-category of ${p.category}`,
        });
      }
    } else if (!found) {
      ctx.addIssue({ code: "custom", path: ["subCategory"], message: "Unknown sub-category" });
    }
  }
  if (p.offerPrice != null && p.originalPrice !== undefined && p.offerPrice > p.originalPrice) {
    ctx.addIssue({
      code: "custom",
      path: ["offerPrice"],
      message: "Offer price cannot be more than the original price",
    });
  }
}

const crossFieldParams = {
  when: whenFieldsValid(["category", "subCategory", "originalPrice", "offerPrice"]),
};

export const productInputSchema = z
  .object({
    ...fields,
    description: fields.description.default(""),
    nameBn: fields.nameBn.default(""),
    descriptionBn: fields.descriptionBn.default(""),
    sizes: fields.sizes.default([]),
    colors: fields.colors.default([]),
    images: fields.images.default([]),
    ratings: fields.ratings.default(5),
    reviews: fields.reviews.default(0),
    trackStock: fields.trackStock.default(false),
    stock: fields.stock.optional(),
  })
  .superRefine(checkCrossFields, crossFieldParams);

export type ProductInput = z.infer<typeof productInputSchema>;

/**
 * PATCH body: every field optional and nothing defaulted, so absent fields stay unchanged.
 * Cross-field rules apply only when both fields are in the body; the server should re-check
 * the merged product with productInputSchema.
 */
export const productUpdateSchema = z
  .object({
    ...fields,
    /**
     * The product's `updatedAt` as the editor read it. When given and the product has changed
     * since, nothing is changed and the answer is a conflict (another admin's edit stands).
     */
    updatedAt: isoDateTimeSchema,
  })
  .partial()
  .superRefine(checkCrossFields, crossFieldParams);

/** The refusal of an update made from a product that someone else changed meanwhile. */
export const PRODUCT_CHANGED_MESSAGE =
  "Someone else changed this product while the form was open: reload the page to see their changes";

export type ProductUpdate = z.infer<typeof productUpdateSchema>;

function canonical<T>(find: (v: string) => T | undefined, message: string) {
  return z
    .string()
    .trim()
    .max(100)
    .transform((v, ctx) => {
      const found = find(v);
      if (found === undefined) {
        ctx.issues.push({ code: "custom", message, input: v });
        return z.NEVER;
      }
      return found;
    });
}

/** GET /api/products query string. */
export const productQuerySchema = z.object({
  searchQuery: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  category: z.preprocess(
    emptyToUndefined,
    canonical(normalizeCategory, "Unknown category").optional(),
  ),
  subCategory: z.preprocess(
    emptyToUndefined,
    canonical((v) => findSubCategory(v)?.subCategory, "Unknown sub-category").optional(),
  ),
  productType: z.preprocess(emptyToUndefined, z.enum(PRODUCT_TYPES).optional()),
  limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(500).default(100)),
  cursor: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
});

export type ProductQuery = z.infer<typeof productQuerySchema>;

/** A product as the API and the pages see it (spec §3). */
export type Product = {
  _id: string;
  name: string;
  description: string;
  /** Absent (the API) or "" when the product has no Bengali name / description. */
  nameBn?: string;
  descriptionBn?: string;
  videoLink: string | null;
  category: string;
  subCategory: string;
  productType: string;
  sizes: string[];
  colors: string[];
  images: string[];
  originalPrice: number;
  offerPrice: number | null;
  ratings: number;
  reviews: number;
  createdAt: string;
  /** When the product was last changed: an update may send it back to refuse a lost edit. */
  updatedAt: string;
  /** Orders take this product's stock (its quantities come from server/services/stock.ts). */
  trackStock: boolean;
};
