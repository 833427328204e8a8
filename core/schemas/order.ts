import { z } from "zod";
import { COLORS, SIZES } from "../catalogue";
import {
  ADDRESS_TYPES,
  CUSTOMER_FIELD_LIMITS,
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  MOBILE_NUMBER_MESSAGE,
  NOT_APPLICABLE,
  PAYMENT_SYSTEM,
} from "../checkout";
import { DELIVERY_AREAS } from "../delivery";
import { asciiDigitsIfString } from "../digits";
import { findDistrict, normalizePlaceName } from "../geo";
import { BD_MOBILE_PATTERN } from "../phone";
import { whenFieldsValid } from "./common";

// The constants live in core/checkout.ts (no zod) so the browser's checkout can use them too.
export {
  ADDRESS_TYPES,
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  MOBILE_NUMBER_MESSAGE,
  NOT_APPLICABLE,
  PAYMENT_SYSTEM,
};

export const orderLineInputSchema = z.object({
  id: z.string().trim().min(1).max(64),
  name: z.string().max(300).optional(),
  imageUrl: z.string().max(2000).optional(),
  color: z.enum([...COLORS, NOT_APPLICABLE]).default(NOT_APPLICABLE),
  size: z.enum([...SIZES, NOT_APPLICABLE]).default(NOT_APPLICABLE),
  /** The client's unit price; the server prices the line itself and only compares. */
  originalPrice: z.number().min(0),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
});

export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

const placeName = z.string().trim().min(1).max(100).transform(normalizePlaceName);

export const customerDataSchema = z
  .object({
    name: z.string().trim().min(1, "Name is required").max(CUSTOMER_FIELD_LIMITS.name),
    // Lower-cased because orders are matched to accounts by email.
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(CUSTOMER_FIELD_LIMITS.email)
      .pipe(z.email("Enter a valid email address")),
    // Bengali digits (০১৭…) are stored as ASCII, as the checkout's field converts them.
    mobileNumber: z.preprocess(
      asciiDigitsIfString,
      z.string().trim().regex(BD_MOBILE_PATTERN, MOBILE_NUMBER_MESSAGE),
    ),
    district: placeName,
    thana: placeName,
    address: z.string().trim().min(1, "Address is required").max(CUSTOMER_FIELD_LIMITS.address),
    comment: z.string().trim().max(CUSTOMER_FIELD_LIMITS.comment).default(""),
    addressType: z.enum(ADDRESS_TYPES).default("Home"),
    deliveryArea: z.enum(DELIVERY_AREAS),
    paymentSystem: z.literal(PAYMENT_SYSTEM).default(PAYMENT_SYSTEM),
    /** The client's figure; the server computes the charge from deliveryArea. */
    deliveryCharge: z.number().min(0).optional(),
  })
  .superRefine(
    (c, ctx) => {
      const district = findDistrict(c.district);
      if (!district || district.bnName !== c.district) {
        ctx.addIssue({
          code: "custom",
          path: ["district"],
          message: "Choose a district from the list",
        });
        return;
      }
      if (!district.thanas.some((t) => t.bnName === c.thana)) {
        ctx.addIssue({
          code: "custom",
          path: ["thana"],
          message: "Choose a thana of the selected district",
        });
      }
    },
    { when: whenFieldsValid(["district", "thana"]) },
  );

export type CustomerDataInput = z.infer<typeof customerDataSchema>;

/**
 * POST /api/postOrder body. date, placedAt, time, the totals and orderStatus are the client's
 * and are ignored: the server stamps the time, prices the lines and starts at Pending.
 */
export const orderInputSchema = z.object({
  date: z.string().max(50).optional(),
  placedAt: z.string().max(50).optional(),
  time: z.string().max(50).optional(),
  subTotal: z.number().optional(),
  total: z.number().optional(),
  orderStatus: z.string().max(50).optional(),
  products: z
    .array(orderLineInputSchema)
    .min(1, "The order has no products")
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines per order`),
  customerData: customerDataSchema,
});

export type OrderInput = z.infer<typeof orderInputSchema>;
