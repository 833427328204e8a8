export const CURRENCY_SYMBOL = "৳";

/** The price a customer pays: the offer price when there is one. */
export function priceShown(p: { originalPrice: number; offerPrice?: number | null }): number {
  return p.offerPrice != null && p.offerPrice > 0 ? p.offerPrice : p.originalPrice;
}

/**
 * Spec §5: round((original − offer) / original × 100), 0 when a value is missing or
 * original ≤ 0. Never negative: an offer above the original price is no discount.
 */
export function discountPercent(originalPrice?: number | null, offerPrice?: number | null): number {
  if (originalPrice == null || offerPrice == null) return 0;
  if (!Number.isFinite(originalPrice) || !Number.isFinite(offerPrice)) return 0;
  if (originalPrice <= 0 || offerPrice <= 0) return 0;
  return Math.max(0, Math.round(((originalPrice - offerPrice) / originalPrice) * 100));
}

const formatters = new Map<number, Intl.NumberFormat>();

function formatterFor(decimals: number): Intl.NumberFormat {
  let f = formatters.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat("en-US", {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(decimals, f);
  }
  return f;
}

/** "৳1,250" or, with decimals = 2, "৳1,250.00". */
export function formatTaka(amount: number, decimals = 0): string {
  const text = formatterFor(decimals).format(Math.abs(amount));
  const negative = amount < 0 && /[1-9]/.test(text);
  return `${negative ? "-" : ""}${CURRENCY_SYMBOL}${text}`;
}
