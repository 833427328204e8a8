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

/**
 * 1234567.891, 2 → "1,234,567.89": what `Intl.NumberFormat("en-US")` writes for an amount ≥ 0,
 * without Intl. The first number format a page creates loads the browser's locale data, a long
 * task on a slow phone while the page hydrates (docs/decisions/043). Like Intl, it rounds half up
 * the amount as written in decimal (7558.065 → 7558.07), not its binary value as `toFixed` does.
 */
function groupDigits(amount: number, decimals: number): string {
  const written = String(amount);
  // Exponent notation only below 1e-6 (rounds to 0 here) or from 1e21 (no decimals to round).
  const digits = written.includes("e")
    ? amount.toFixed(decimals).replace(".", "")
    : roundHalfUp(written, decimals);
  const whole = digits.slice(0, digits.length - decimals);
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ",");
  return decimals === 0 ? grouped : `${grouped}.${digits.slice(-decimals)}`;
}

/**
 * The decimal text `written` rounded half up to `decimals` places, as digits without the point.
 * On the text, not through a float: `Number("…46497e2")` can land on …46.5 and round the wrong way.
 */
function roundHalfUp(written: string, decimals: number): string {
  const [whole = "0", fraction = ""] = written.split(".");
  const kept = `${whole}${fraction.slice(0, decimals).padEnd(decimals, "0")}`;
  const up = (fraction[decimals] ?? "0") >= "5";
  const rounded = up ? String(BigInt(kept) + 1n) : kept.replace(/^0+(?=\d)/, "");
  return rounded.padStart(decimals + 1, "0");
}

/**
 * 1234567 → "1,234,567", 1250.5 → "1,250.5": what `toLocaleString("en-US")` writes, without Intl
 * (the server's first Intl object loads ICU's locale data, docs/decisions/076).
 */
export function formatNumber(n: number): string {
  const text = groupDigits(Math.abs(n), 3).replace(/\.?0+$/, "");
  return n < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

/** "৳1,250" or, with decimals = 2, "৳1,250.00". */
export function formatTaka(amount: number, decimals = 0): string {
  const text = groupDigits(Math.abs(amount), decimals);
  const negative = amount < 0 && /[1-9]/.test(text);
  return `${negative ? "-" : ""}${CURRENCY_SYMBOL}${text}`;
}
