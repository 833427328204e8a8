import { z } from "zod";
import { COLORS, SIZES } from "../catalogue";
import {
  ADDRESS_TYPES,
  CHECKOUT_MESSAGES,
  type CheckoutField,
  type CheckoutForm,
  CUSTOMER_FIELD_LIMITS,
  checkoutFormIssues,
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  MOBILE_NUMBER_MESSAGE,
  NOT_APPLICABLE,
  PAYMENT_SYSTEM,
} from "../checkout";
import { DELIVERY_AREAS } from "../delivery";
import { findDistrict, findThana, normalizePlaceName, PLACE_RULES } from "../geo";
import { normalizePhone } from "../phone";
import { visibleLine, withTypedLineBreaks } from "./common";

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

/** Whether zod already refused `field` (then the rules below do not report it twice). */
function alreadyRefused(issues: readonly z.core.$ZodRawIssue[], field: string): boolean {
  return issues.some((i) => i.path?.[0] === field);
}

const text = (required: string) =>
  z.string({ error: (iss) => (iss.input === undefined ? required : undefined) }).trim();

const placeName = (required: string) => text(required).max(100).transform(normalizePlaceName);

const m = CHECKOUT_MESSAGES;

/**
 * Spec §3 customerData. The shape (types, trimming, Bengali digits, the list's spelling of
 * places, defaults) is zod's; every field rule and message is `checkoutFormIssues`, the one the
 * checkout page runs as the visitor types, so the page and the API cannot disagree. A delivery
 * area that is not the address's own is the order service's 409 price_changed, not a field
 * issue.
 */
export const customerDataSchema = z.preprocess(
  placesInBengali,
  z
    .object({
      // The limits also stand in the OpenAPI document; the words are checkoutFormIssues's.
      name: text(m.nameRequired)
        .overwrite(visibleLine)
        .max(CUSTOMER_FIELD_LIMITS.name, m.nameTooLong),
      // Lower-cased because orders are matched to accounts by email.
      email: text(m.emailRequired).max(CUSTOMER_FIELD_LIMITS.email, m.emailInvalid).toLowerCase(),
      // Stored as the checkout's field keeps it: Bengali digits (০১৭…) as ASCII, and a number
      // written +880 1…, 880 1… or with spaces and dashes as its 11 digits.
      mobileNumber: z.preprocess(mobileAsTheFieldKeepsIt, text(m.mobileRequired)),
      district: placeName(m.districtRequired),
      thana: placeName(m.thanaRequired),
      address: text(m.addressRequired)
        .overwrite(visibleLine)
        .max(CUSTOMER_FIELD_LIMITS.address, m.addressTooLong),
      comment: z
        .string()
        .overwrite(withTypedLineBreaks)
        .trim()
        .max(CUSTOMER_FIELD_LIMITS.comment, m.commentTooLong)
        .default(""),
      addressType: z.enum(ADDRESS_TYPES, { error: m.addressType }).default("Home"),
      deliveryArea: z.enum(DELIVERY_AREAS, { error: m.deliveryArea }),
      paymentSystem: z.literal(PAYMENT_SYSTEM, { error: m.paymentSystem }).default(PAYMENT_SYSTEM),
      /** The client's figure; the server computes the charge from deliveryArea. */
      deliveryCharge: z.number().min(0).optional(),
    })
    .superRefine(
      (c, ctx) => {
        const found = checkoutFormIssues(asForm(c), PLACE_RULES, { areaMustMatchAddress: false });
        for (const [field, message] of Object.entries(found)) {
          if (!alreadyRefused(ctx.issues, field)) {
            ctx.addIssue({ code: "custom", path: [field], message });
          }
        }
      },
      // Run even when some fields failed their shape, so a form sees every problem at once.
      { when: whenShaped },
    ),
);

function mobileAsTheFieldKeepsIt(value: unknown): unknown {
  return typeof value === "string" ? normalizePhone(value) : value;
}

/**
 * A district and thana written with their English names (a form without scripts, an API
 * client) are stored under the list's Bengali names, as the checkout's lists store them.
 */
function placesInBengali(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const c = value as Record<string, unknown>;
  const district = typeof c.district === "string" ? findDistrict(c.district) : undefined;
  if (!district) return value;
  const thana = typeof c.thana === "string" ? findThana(district.bnName, c.thana) : undefined;
  return { ...c, district: district.bnName, ...(thana ? { thana: thana.bnName } : {}) };
}

/** The fields as the form's strings: one that failed its shape reads as empty (already reported). */
function asForm(c: Record<string, unknown>): CheckoutForm {
  const field = (k: CheckoutField) => (typeof c[k] === "string" ? (c[k] as string) : "");
  return {
    name: field("name"),
    email: field("email"),
    mobileNumber: field("mobileNumber"),
    district: field("district"),
    thana: field("thana"),
    address: field("address"),
    addressType: field("addressType"),
    deliveryArea: field("deliveryArea"),
    comment: field("comment"),
    paymentSystem: field("paymentSystem"),
  };
}

/** The refinement reads strings: it runs when the value is an object (fields may have failed). */
function whenShaped(payload: z.core.ParsePayload): boolean {
  const v = payload.value;
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

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
  /** The language of the customer's SMS and emails about the order (default Bengali, decision 059). */
  language: z.enum(["bn", "en"]).optional(),
});

export type OrderInput = z.infer<typeof orderInputSchema>;
