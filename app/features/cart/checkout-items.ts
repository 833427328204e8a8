import type { CartItem } from "./cart-store";
import { toCartItem } from "./cart-store";

/** The items being checked out survive a reload of /product-checkout in this tab. */
export const CHECKOUT_STORAGE_KEY = "checkoutProducts";

/** Spec §2: checkout receives the chosen items as navigation state `{ data: CartItem[] }`. */
export type CheckoutState = { data: CartItem[] };

export function rememberCheckoutItems(items: readonly CartItem[]): void {
  try {
    window.sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Private mode or full storage: navigation state still carries the items.
  }
}

export function recallCheckoutItems(): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(CHECKOUT_STORAGE_KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.map(toCartItem).filter((x): x is CartItem => x !== null);
  } catch {
    return [];
  }
}

/** Options for `navigate("/product-checkout", checkoutNavigation(items))`. */
export function checkoutNavigation(items: readonly CartItem[]): { state: CheckoutState } {
  rememberCheckoutItems(items);
  return { state: { data: [...items] } };
}
