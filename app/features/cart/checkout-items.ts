import type { CartItem } from "./cart-store";
import { toCartItem } from "./cart-store";

/** The items being checked out survive a reload of /product-checkout in this tab. */
export const CHECKOUT_STORAGE_KEY = "checkoutProducts";
/** "cart" when the items came from the cart (they leave it once ordered), else absent. */
export const CHECKOUT_SOURCE_KEY = "checkoutSource";

/**
 * Spec §2: checkout receives the chosen items as navigation state `{ data: CartItem[] }`.
 * `fromCart` says they are cart lines (Proceed To Checkout) rather than Order Now's item.
 */
export type CheckoutState = { data: CartItem[]; fromCart?: boolean };

export function rememberCheckoutItems(items: readonly CartItem[], fromCart = false): void {
  try {
    window.sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(items));
    if (fromCart) window.sessionStorage.setItem(CHECKOUT_SOURCE_KEY, "cart");
    else window.sessionStorage.removeItem(CHECKOUT_SOURCE_KEY);
  } catch {
    // Private mode or full storage: navigation state still carries the items.
  }
}

/** Valid items from a stored or passed value; anything else is dropped. */
export function toCheckoutItems(value: unknown): CartItem[] {
  if (!Array.isArray(value)) return [];
  return value.map(toCartItem).filter((x): x is CartItem => x !== null);
}

export function recallCheckoutItems(): CartItem[] {
  try {
    return toCheckoutItems(
      JSON.parse(window.sessionStorage.getItem(CHECKOUT_STORAGE_KEY) ?? "[]") as unknown,
    );
  } catch {
    return [];
  }
}

export function recallCheckoutFromCart(): boolean {
  try {
    return window.sessionStorage.getItem(CHECKOUT_SOURCE_KEY) === "cart";
  } catch {
    return false;
  }
}

export function forgetCheckoutItems(): void {
  try {
    window.sessionStorage.removeItem(CHECKOUT_STORAGE_KEY);
    window.sessionStorage.removeItem(CHECKOUT_SOURCE_KEY);
  } catch {
    // Nothing stored.
  }
}

/**
 * Options for `navigate("/product-checkout", checkoutNavigation(items))`. The cart passes
 * `{ fromCart: true }` so that the ordered lines leave the cart after the order.
 */
export function checkoutNavigation(
  items: readonly CartItem[],
  options: { fromCart?: boolean } = {},
): { state: CheckoutState } {
  const fromCart = options.fromCart === true;
  rememberCheckoutItems(items, fromCart);
  return { state: { data: [...items], ...(fromCart ? { fromCart } : {}) } };
}
