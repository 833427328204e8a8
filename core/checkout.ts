import {
  chargeForOrder,
  DELIVERY_AREAS,
  type DeliveryArea,
  deliveryAreaFor,
  isDeliveryArea,
  orderTotals,
} from "./delivery";
import { toAsciiDigits } from "./digits";
import { BD_MOBILE_PATTERN, MOBILE_NUMBER_LENGTH, MOBILE_NUMBER_MESSAGE } from "./phone";

export { MOBILE_NUMBER_MESSAGE };

/**
 * Checkout rules without zod, so the browser's checkout form can use them; the server's
 * schema (core/schemas/order.ts) imports the same constants.
 */
export const NOT_APPLICABLE = "N/A";
export const MAX_ORDER_LINES = 50;
export const MAX_LINE_QUANTITY = 99;
export const ADDRESS_TYPES = ["Home", "Office"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const PAYMENT_SYSTEM = "Cash On Delivery";
export const ORDER_STATUS_NEW = "Pending";

/** Field length limits shared by the form (maxLength) and the server schema. */
export const CUSTOMER_FIELD_LIMITS = {
  name: 100,
  email: 254,
  address: 300,
  comment: 500,
} as const;

/** Longest Idempotency-Key the API accepts; the checkout sends a UUID (36 characters). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,100}$/;

/** Same idea as the server's zod email check, kept loose: something@domain.tld. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type MobileInput = { value: string; refused: boolean };

/**
 * What the mobile-number field keeps of what was typed: digits only (no minus sign, no
 * letters), Bengali digits as ASCII, at most 11; a pasted "+880…" number loses its country
 * code. `refused` is true when the input had more than 11 digits, so the form can say
 * "Number must be 11 digit" and keep the previous value.
 */
export function sanitizeMobileInput(raw: string, previous: string): MobileInput {
  let digits = toAsciiDigits(raw).replace(/\D/g, "");
  // A pasted international number (+880 1XXXXXXXXX) becomes the local 11 digits.
  if (digits.length === MOBILE_NUMBER_LENGTH + 2 && digits.startsWith("8801")) {
    digits = digits.slice(2);
  }
  if (digits.length > MOBILE_NUMBER_LENGTH) return { value: previous, refused: true };
  return { value: digits, refused: false };
}

export const CHOOSE_SIZE_MESSAGE = "Please choose a size";
export const CHOOSE_COLOUR_MESSAGE = "Please choose a colour";

/**
 * What is still to be chosen before a product goes to the cart or checkout: a product that
 * offers sizes (colours) is ordered in one of them, N/A only when it offers none (decisions.md);
 * the server refuses such a line too.
 */
export function missingChoices(
  offers: { sizes: readonly string[]; colors: readonly string[] },
  choice: { size: string | null; color: string | null },
): { size?: string; color?: string } {
  const missing: { size?: string; color?: string } = {};
  const chosen = (v: string | null, options: readonly string[]) =>
    v !== null && v !== NOT_APPLICABLE && options.includes(v);
  if (offers.sizes.length > 0 && !chosen(choice.size, offers.sizes)) {
    missing.size = CHOOSE_SIZE_MESSAGE;
  }
  if (offers.colors.length > 0 && !chosen(choice.color, offers.colors)) {
    missing.color = CHOOSE_COLOUR_MESSAGE;
  }
  return missing;
}

export type CheckoutForm = {
  name: string;
  email: string;
  mobileNumber: string;
  district: string;
  thana: string;
  address: string;
  addressType: string;
  deliveryArea: string;
  comment: string;
  paymentSystem: string;
};

export type CheckoutField = keyof CheckoutForm;

/**
 * The place checks of core/geo.ts, passed in so that this module stays free of the district
 * list (the checkout page loads that list on its own).
 */
export type PlaceRules = {
  isDistrict: (districtBn: string) => boolean;
  isValidDistrictThana: (districtBn: string, thanaBn: string) => boolean;
};

/**
 * Problems per field of the checkout form, by the rules the server applies. Empty when the
 * form may be submitted. The comment is the only optional field.
 */
export function checkoutFormIssues(
  form: CheckoutForm,
  places: PlaceRules,
): Partial<Record<CheckoutField, string>> {
  const issues: Partial<Record<CheckoutField, string>> = {};
  const name = form.name.trim();
  if (!name) issues.name = "Name is required";
  else if (name.length > CUSTOMER_FIELD_LIMITS.name) issues.name = "Name is too long";
  const email = form.email.trim();
  if (!email) issues.email = "Email is required";
  else if (email.length > CUSTOMER_FIELD_LIMITS.email || !EMAIL_PATTERN.test(email)) {
    issues.email = "Enter a valid email address";
  }
  if (!form.mobileNumber) issues.mobileNumber = "Mobile number is required";
  else if (!BD_MOBILE_PATTERN.test(form.mobileNumber)) issues.mobileNumber = MOBILE_NUMBER_MESSAGE;
  if (!form.district) issues.district = "Choose a district";
  else if (!places.isDistrict(form.district)) issues.district = "Choose a district from the list";
  if (!form.thana) issues.thana = "Choose a thana";
  else if (!issues.district && !places.isValidDistrictThana(form.district, form.thana)) {
    issues.thana = "Choose a thana of the selected district";
  }
  const address = form.address.trim();
  if (!address) issues.address = "Address is required";
  else if (address.length > CUSTOMER_FIELD_LIMITS.address) issues.address = "Address is too long";
  if (!(ADDRESS_TYPES as readonly string[]).includes(form.addressType)) {
    issues.addressType = "Choose an address type";
  }
  const area = deliveryAreaIssue(form);
  if (area) issues.deliveryArea = area;
  if (form.comment.trim().length > CUSTOMER_FIELD_LIMITS.comment)
    issues.comment = "Comment is too long";
  if (form.paymentSystem !== PAYMENT_SYSTEM) issues.paymentSystem = "Choose a payment method";
  return issues;
}

/**
 * The delivery area must be the address's own (core/delivery.ts `deliveryAreaFor`): the
 * checkout selects it from the district and thana, and the server refuses any other.
 */
export function deliveryAreaIssue(
  form: Pick<CheckoutForm, "district" | "thana" | "deliveryArea">,
): string | undefined {
  if (!isDeliveryArea(form.deliveryArea)) return "Choose a delivery area";
  const expected = deliveryAreaFor(form.district, form.thana);
  if (expected && expected !== form.deliveryArea) return areaMismatchMessage(expected);
  return undefined;
}

export function areaMismatchMessage(expected: DeliveryArea): string {
  return expected === "Inside Dhaka"
    ? "This address is Inside Dhaka"
    : "Inside Dhaka is for Dhaka city's thanas only: this address is Outside Dhaka";
}

/**
 * The form after its district or thana changed: the delivery area follows the address when
 * the address decides it, and stays as chosen while it does not (Dhaka without a thana).
 */
export function withAddressArea<
  F extends Pick<CheckoutForm, "district" | "thana" | "deliveryArea">,
>(form: F): F {
  const area = deliveryAreaFor(form.district, form.thana);
  return area && area !== form.deliveryArea ? { ...form, deliveryArea: area } : form;
}

/** The area the address leaves open to choose: both while undecided, else only its own. */
export function selectableAreas(
  form: Pick<CheckoutForm, "district" | "thana">,
): readonly DeliveryArea[] {
  const area = deliveryAreaFor(form.district, form.thana);
  return area ? [area] : DELIVERY_AREAS;
}

export type CheckoutLine = {
  id: string;
  name: string;
  imageUrl: string;
  color: string;
  size: string;
  originalPrice: number;
  quantity: number;
};

/** Sub-total of the lines as the customer sees them (unit price × quantity). */
export function linesSubTotal(
  lines: readonly { originalPrice: number; quantity: number }[],
): number {
  return lines.reduce((sum, l) => sum + l.originalPrice * l.quantity, 0);
}

/**
 * The delivery charge for a chosen area and sub-total (free from `freeOver`, the shop's
 * FREE_DELIVERY_OVER), 0 while no area is chosen.
 */
export function chargeFor(area: string, subTotal: number, freeOver: number): number {
  return isDeliveryArea(area) ? chargeForOrder(area, subTotal, freeOver) : 0;
}

/** Spec §3 customerData as an order stores it (the delivery charge is the server's). */
export type CustomerDetails = {
  name: string;
  email: string;
  mobileNumber: string;
  district: string;
  thana: string;
  address: string;
  comment: string;
  addressType: string;
  deliveryArea: DeliveryArea;
  paymentSystem: string;
};

export type OrderRequestBody = {
  date: string;
  placedAt: string;
  time: string;
  subTotal: number;
  total: number;
  orderStatus: typeof ORDER_STATUS_NEW;
  products: CheckoutLine[];
  customerData: CustomerDetails & { deliveryCharge: number };
};

/** The spec's POST /api/postOrder body from the checkout form and its lines. */
export function buildOrderBody(
  form: CheckoutForm & { deliveryArea: DeliveryArea },
  lines: readonly CheckoutLine[],
  now: { date: string; time: string; placedAt: string },
  freeOver: number,
): OrderRequestBody {
  const {
    subTotal,
    deliveryCharge: charge,
    total,
  } = orderTotals(
    lines.map((l) => ({ unitPrice: l.originalPrice, quantity: l.quantity })),
    form.deliveryArea,
    freeOver,
  );
  return {
    ...now,
    subTotal,
    total,
    orderStatus: ORDER_STATUS_NEW,
    products: lines.map((l) => ({
      id: l.id,
      name: l.name,
      imageUrl: l.imageUrl,
      color: l.color,
      size: l.size,
      originalPrice: l.originalPrice,
      quantity: l.quantity,
    })),
    customerData: {
      name: form.name.trim(),
      email: form.email.trim(),
      mobileNumber: form.mobileNumber,
      district: form.district,
      thana: form.thana,
      address: form.address.trim(),
      comment: form.comment.trim(),
      addressType: form.addressType,
      deliveryArea: form.deliveryArea,
      paymentSystem: form.paymentSystem,
      deliveryCharge: charge,
    },
  };
}
