import {
  type CheckoutForm,
  lineQuantity,
  MAX_ORDER_LINES,
  NOT_APPLICABLE,
  PAYMENT_SYSTEM,
} from "~/core/checkout";
import { toAsciiDigits } from "~/core/digits";

/**
 * How the checkout's items travel in a URL or a form without scripts: the fields `product`,
 * `size`, `color`, `quantity` (and, in the checkout form, `price`: the unit price the visitor
 * saw) repeated once per line, in order. Order Now's GET form sends one of each, so
 * `/product-checkout?product=ID&size=M&color=Red&quantity=2` is a checkout of that one item.
 */
export type ItemFields = {
  id: string;
  size: string;
  color: string;
  quantity: number;
  price?: number;
  /** The name the visitor saw (`itemName`), for a message about a product that is gone. */
  name?: string;
};

const text = (v: FormDataEntryValue | null | undefined) => (typeof v === "string" ? v : "");

/**
 * The items of a URL or form. A link's quantities (Order Now's GET form, typed by the visitor in
 * any digits) are read leniently: the checkout page shows them to confirm, kept within 1–99 and
 * 50 lines. `asPosted`: a placed order's form, read as sent, so that the order's schema refuses
 * what the API refuses (a quantity that is not a whole number from 1 to 99, more than 50 lines)
 * instead of placing something else than what was asked.
 */
export function itemsFromFields(
  fields: URLSearchParams | FormData,
  { asPosted = false }: { asPosted?: boolean } = {},
): ItemFields[] {
  const ids = fields.getAll("product").map(text);
  const sizes = fields.getAll("size").map(text);
  const colors = fields.getAll("color").map(text);
  const quantities = fields.getAll("quantity").map((v) => toAsciiDigits(text(v)).trim());
  const prices = fields.getAll("price").map(text);
  const names = fields.getAll("itemName").map(text);
  return (asPosted ? ids : ids.slice(0, MAX_ORDER_LINES)).flatMap((raw, i) => {
    const id = raw.trim();
    if (!id) return [];
    const posted = quantities[i] || "1";
    const price = prices[i] === undefined ? undefined : Number(prices[i]);
    return [
      {
        id,
        size: sizes[i] || NOT_APPLICABLE,
        color: colors[i] || NOT_APPLICABLE,
        quantity: asPosted ? Number(posted) : lineQuantity(Number.parseInt(posted, 10)),
        ...(price !== undefined && Number.isFinite(price) ? { price } : {}),
        ...(names[i] ? { name: names[i].slice(0, 300) } : {}),
      },
    ];
  });
}

/**
 * Without scripts, − or + on a checkout line submits the form with this field: `<line>:<quantity>`
 * (the line's position, from 0). The form comes back with that line's new quantity.
 */
export const LINE_QUANTITY_FIELD = "lineQuantity";

export const lineQuantityValue = (index: number, quantity: number) => `${index}:${quantity}`;

/** The posted lines' quantities with the change `lineQuantity` asks for, or null if none. */
export function quantitiesAfterChange(
  change: FormDataEntryValue | null,
  lines: readonly { quantity: number }[],
): number[] | null {
  const match = typeof change === "string" ? /^(\d{1,2}):(\d{1,3})$/.exec(change) : null;
  if (!match) return null;
  const index = Number(match[1]);
  if (index >= lines.length) return null;
  // A posted quantity the order refused shows back within 1–99.
  const quantity = lineQuantity(Number(match[2]));
  return lines.map((line, i) => (i === index ? quantity : lineQuantity(line.quantity)));
}

/** The customer fields of the checkout form as posted (names as in `CheckoutForm`). */
export function customerFromFields(fields: FormData): CheckoutForm {
  return {
    name: text(fields.get("name")),
    email: text(fields.get("email")),
    mobileNumber: text(fields.get("mobileNumber")),
    district: text(fields.get("district")),
    thana: text(fields.get("thana")),
    address: text(fields.get("address")),
    addressType: text(fields.get("addressType")) || "Home",
    deliveryArea: text(fields.get("deliveryArea")),
    comment: text(fields.get("comment")),
    paymentSystem: text(fields.get("paymentSystem")) || PAYMENT_SYSTEM,
  };
}
