/*
 * What a cart line is and may hold, for the product page, the cart and the dashboard without
 * the checkout form's rules (core/checkout.ts, which re-exports these): those and the Dhaka
 * thana list stay out of the script every storefront page loads.
 */

export const NOT_APPLICABLE = "N/A";
export const MAX_LINE_QUANTITY = 99;

/** A quantity as a line may show it: a whole number from 1 to MAX_LINE_QUANTITY (else 1). */
export function lineQuantity(quantity: number): number {
  return Number.isInteger(quantity) ? Math.min(MAX_LINE_QUANTITY, Math.max(1, quantity)) : 1;
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

/** Sub-total of the lines as the customer sees them (unit price × quantity). */
export function linesSubTotal(
  lines: readonly { originalPrice: number; quantity: number }[],
): number {
  return lines.reduce((sum, l) => sum + l.originalPrice * l.quantity, 0);
}
