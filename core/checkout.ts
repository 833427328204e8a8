import { chargeForOrder, DELIVERY_AREAS, type DeliveryArea, isDeliveryArea } from "./delivery";
import { deliveryAreaFor } from "./dhaka-thanas";
import { toAsciiDigits } from "./digits";
import { BD_MOBILE_PATTERN, MOBILE_NUMBER_LENGTH, MOBILE_NUMBER_MESSAGE } from "./phone";

export {
  CHOOSE_COLOUR_MESSAGE,
  CHOOSE_SIZE_MESSAGE,
  lineQuantity,
  linesSubTotal,
  MAX_LINE_QUANTITY,
  missingChoices,
  NOT_APPLICABLE,
} from "./cart-lines";
export { MOBILE_NUMBER_MESSAGE };

/**
 * Checkout rules without zod, so the browser's checkout form can use them; the server's
 * schema (core/schemas/order.ts) imports the same constants.
 */
export const MAX_ORDER_LINES = 50;

/**
 * The most one order may come to, delivery included: a courier collects it in cash at the door,
 * and the order's sums stay well inside PostgreSQL's integer. Above the dearest product the
 * catalogue allows (core/schemas/product.ts MAX_PRICE), so one of anything can be ordered.
 */
export const MAX_ORDER_TOTAL = 100_000_000;
export const ORDER_TOO_LARGE_MESSAGE =
  "An order may come to at most ৳100,000,000. Please order fewer pieces.";
export const ADDRESS_TYPES = ["Home", "Office"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const PAYMENT_SYSTEM = "Cash On Delivery";

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

/**
 * An email address as checkout takes it, in the browser and on the server alike (the pattern
 * zod's `z.email()` uses by default, so API clients see no change): a local part without
 * leading or doubled dots, "@", and a domain with a top-level part of two letters or more.
 */
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type MobileInput = { value: string; refused: boolean };

/** Bangladesh's country code as a number may start with it: 880, 00880 (a + is not a digit). */
const COUNTRY_CODE = /^(?:00)?880/;

/**
 * What the mobile-number field keeps of what was typed: digits only (no minus sign, no
 * letters), Bengali digits as ASCII, at most 11. A number with the country code (+880 1…,
 * 00880 1…), pasted or typed a key at a time, is kept as typed until its 10 national digits are
 * in, then becomes the local 11 digits. `refused` is true when the input had more digits than
 * a number can, so the form can say "Number must be 11 digit". A full number stays as it was
 * (a 12th key does nothing); a longer paste keeps its first 11 digits, as typing them a key at a
 * time would, instead of being thrown away.
 */
function kept(previous: string, firstEleven: string): string {
  // Full: the 11 digits of a number (not "+8801712345", which is on its way to one).
  return /^\d{11}$/.test(previous) ? previous : firstEleven;
}

export function sanitizeMobileInput(raw: string, previous: string): MobileInput {
  const digits = toAsciiDigits(raw).replace(/\D/g, "");
  const code = COUNTRY_CODE.exec(digits)?.[0];
  if (code) {
    // "+880 01712…" happens too: the trunk 0 after the country code is dropped.
    const national = digits.slice(code.length).replace(/^0/, "");
    const full = MOBILE_NUMBER_LENGTH - 1;
    if (national.length === full) return { value: `0${national}`, refused: false };
    if (national.length < full) {
      const plus = toAsciiDigits(raw).trim().startsWith("+") ? "+" : "";
      return { value: `${plus}${digits}`, refused: false };
    }
    return { value: kept(previous, `0${national.slice(0, full)}`), refused: true };
  }
  if (digits.length > MOBILE_NUMBER_LENGTH) {
    return { value: kept(previous, digits.slice(0, MOBILE_NUMBER_LENGTH)), refused: true };
  }
  return { value: digits, refused: false };
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

/** What checkout says of each field, on the page and in the API's field issues. */
export const CHECKOUT_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: "Name is too long",
  emailRequired: "Email is required",
  emailInvalid: "Enter a valid email address",
  mobileRequired: "Mobile number is required",
  mobileInvalid: MOBILE_NUMBER_MESSAGE,
  districtRequired: "Choose a district",
  districtUnknown: "Choose a district from the list",
  thanaRequired: "Choose a thana",
  thanaUnknown: "Choose a thana of the selected district",
  addressRequired: "Address is required",
  addressTooLong: "Address is too long",
  addressType: "Choose an address type",
  deliveryArea: "Choose a delivery area",
  commentTooLong: "Comment is too long",
  paymentSystem: "Choose a payment method",
} as const;

/**
 * The place checks of core/geo.ts, passed in so that this module stays free of the district
 * list (the checkout page loads that list on its own).
 */
export type PlaceRules = {
  isDistrict: (districtBn: string) => boolean;
  isValidDistrictThana: (districtBn: string, thanaBn: string) => boolean;
};

/**
 * Problems per field of the checkout form: the one set of checkout rules, run by the page as
 * the visitor types and by the API's schema (core/schemas/order.ts) on what arrives. Empty when
 * the form may be submitted; the comment is the only optional field.
 *
 * `areaMustMatchAddress: false` is the server's reading: a delivery area that is not the
 * address's own is not a field error there but a changed price (409 price_changed with the
 * address's figures, server/services/orders.ts).
 */
export function checkoutFormIssues(
  form: CheckoutForm,
  places: PlaceRules,
  { areaMustMatchAddress = true }: { areaMustMatchAddress?: boolean } = {},
): Partial<Record<CheckoutField, string>> {
  const m = CHECKOUT_MESSAGES;
  const issues: Partial<Record<CheckoutField, string>> = {};
  const name = form.name.trim();
  if (!name) issues.name = m.nameRequired;
  else if (name.length > CUSTOMER_FIELD_LIMITS.name) issues.name = m.nameTooLong;
  const email = form.email.trim();
  if (!email) issues.email = m.emailRequired;
  else if (email.length > CUSTOMER_FIELD_LIMITS.email || !EMAIL_PATTERN.test(email)) {
    issues.email = m.emailInvalid;
  }
  const mobile = form.mobileNumber.trim();
  if (!mobile) issues.mobileNumber = m.mobileRequired;
  else if (!BD_MOBILE_PATTERN.test(mobile)) issues.mobileNumber = m.mobileInvalid;
  if (!form.district) issues.district = m.districtRequired;
  else if (!places.isDistrict(form.district)) issues.district = m.districtUnknown;
  if (!form.thana) issues.thana = m.thanaRequired;
  else if (!issues.district && !places.isValidDistrictThana(form.district, form.thana)) {
    issues.thana = m.thanaUnknown;
  }
  const address = form.address.trim();
  if (!address) issues.address = m.addressRequired;
  else if (address.length > CUSTOMER_FIELD_LIMITS.address) issues.address = m.addressTooLong;
  if (!(ADDRESS_TYPES as readonly string[]).includes(form.addressType)) {
    issues.addressType = m.addressType;
  }
  // The address decides the area only once it is a known district and thana.
  const placeKnown = !issues.district && !issues.thana;
  const area =
    areaMustMatchAddress && placeKnown
      ? deliveryAreaIssue(form)
      : isDeliveryArea(form.deliveryArea)
        ? undefined
        : m.deliveryArea;
  if (area) issues.deliveryArea = area;
  if (form.comment.trim().length > CUSTOMER_FIELD_LIMITS.comment) {
    issues.comment = m.commentTooLong;
  }
  if (form.paymentSystem !== PAYMENT_SYSTEM) issues.paymentSystem = m.paymentSystem;
  return issues;
}

/**
 * The delivery area must be the address's own (core/dhaka-thanas.ts `deliveryAreaFor`): the
 * checkout selects it from the district and thana, and the server refuses any other.
 */
export function deliveryAreaIssue(
  form: Pick<CheckoutForm, "district" | "thana" | "deliveryArea">,
): string | undefined {
  if (!isDeliveryArea(form.deliveryArea)) return CHECKOUT_MESSAGES.deliveryArea;
  const expected = deliveryAreaFor(form.district, form.thana);
  if (expected && expected !== form.deliveryArea) return areaMismatchMessage(expected);
  return undefined;
}

export function areaMismatchMessage(expected: DeliveryArea): string {
  return expected === "Inside Dhaka"
    ? "This address is Inside Dhaka"
    : "Inside Dhaka is for Dhaka city's thanas only: this address is Outside Dhaka";
}

type AddressAndArea = Pick<CheckoutForm, "district" | "thana" | "deliveryArea">;

/**
 * The form after its district or thana changed (`before`: as it was): the delivery area follows
 * the address when the address decides it. While it does not (Dhaka without a thana, a district
 * half typed: `isDistrict` says which are whole), an area chosen by hand stays, and one the old
 * address had decided is dropped, to be chosen again.
 */
export function withAddressArea<F extends AddressAndArea>(
  form: F,
  before?: AddressAndArea,
  isDistrict: (district: string) => boolean = () => true,
): F {
  const decided = (f: AddressAndArea) =>
    isDistrict(f.district) ? deliveryAreaFor(f.district, f.thana) : null;
  const area = decided(form);
  if (area) return area !== form.deliveryArea ? { ...form, deliveryArea: area } : form;
  const wasDecided = before ? decided(before) : null;
  return wasDecided && wasDecided === form.deliveryArea ? { ...form, deliveryArea: "" } : form;
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
  /** The product's Bengali name where it has one (pages in Bengali show it). */
  nameBn?: string;
  imageUrl: string;
  color: string;
  size: string;
  originalPrice: number;
  quantity: number;
};

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
