/**
 * Stock rules shared by the browser and the server (issue 22, decision 045): a product's
 * variants, what a customer is told about a choice, and what a stock grid may hold.
 */

import { NOT_APPLICABLE } from "./cart-lines";
import { formatNumber } from "./money";

/** The size or colour of a product that offers none (its order lines say the same). */
export const NO_CHOICE = NOT_APPLICABLE;

/** Why a stock quantity changed: one ledger entry per change. */
export const STOCK_REASONS = [
  "order_placed",
  "order_cancelled",
  "returned",
  "adjustment",
  "import",
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** The reasons an admin may give for a change by hand; the others come from orders. */
export const ADJUSTMENT_REASONS = ["adjustment", "import"] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

/** A variant at or below this many pieces is "Low" in the admin's lists. */
export const LOW_STOCK_THRESHOLD = 3;
/** A customer is told "Only N left" from this many pieces down. */
export const FEW_LEFT_LIMIT = 5;
/** Most pieces one variant may hold, and the largest single change (keeps sums within int4). */
export const MAX_STOCK_QUANTITY = 1_000_000;

/** What a count above MAX_STOCK_QUANTITY is told, on the screen and by the API. */
export const MAX_STOCK_TEXT = `At most ${formatNumber(MAX_STOCK_QUANTITY)} pieces`;

/**
 * The cursor of GET /api/products that starts the shop's order, sold-out products after the
 * available ones (a plain first page is the spec's newest-first): a storefront list that loads
 * its first page in the browser (a Most Popular tab) passes it.
 */
export const SOLD_OUT_LAST_START = "a~";

export type Variant = { size: string; color: string };
export type StockLevel = Variant & { quantity: number };
export type StockIssue = { path: string; message: string };

type Offers = { sizes: readonly string[]; colors: readonly string[] };

/**
 * Every size × colour combination the product offers, sizes first then colours in the
 * product's order; N/A stands in for a dimension it does not offer, so a product with
 * neither has one variant.
 */
export function variantsOf(product: Offers): Variant[] {
  const sizes = product.sizes.length > 0 ? product.sizes : [NO_CHOICE];
  const colors = product.colors.length > 0 ? product.colors : [NO_CHOICE];
  return sizes.flatMap((size) => colors.map((color) => ({ size, color })));
}

export function isVariantOf(product: Offers, v: Variant): boolean {
  const offered = (value: string, options: readonly string[]) =>
    options.length === 0 ? value === NO_CHOICE : options.includes(value);
  return offered(v.size, product.sizes) && offered(v.color, product.colors);
}

export function sameVariant(a: Variant, b: Variant): boolean {
  return a.size === b.size && a.color === b.color;
}

/** On hand of one variant in a product's levels (0 when it has none). */
export function quantityOf(levels: readonly StockLevel[], v: Variant): number {
  return levels.find((l) => sameVariant(l, v))?.quantity ?? 0;
}

export type Availability =
  | { kind: "in_stock" }
  | { kind: "few_left"; left: number }
  | { kind: "out_of_stock" };

/**
 * What a customer is told about one choice: `null` quantity means the product's stock is not
 * tracked (always available). "Only N left" from FEW_LEFT_LIMIT pieces down.
 */
export function availabilityOf(quantity: number | null): Availability {
  if (quantity === null) return { kind: "in_stock" };
  if (quantity <= 0) return { kind: "out_of_stock" };
  if (quantity <= FEW_LEFT_LIMIT) return { kind: "few_left", left: quantity };
  return { kind: "in_stock" };
}

export function availabilityLabel(a: Availability): string {
  switch (a.kind) {
    case "in_stock":
      return "In stock";
    case "few_left":
      return `Only ${a.left} left`;
    case "out_of_stock":
      return "Out of stock";
  }
}

/** Pieces on hand over every variant. */
export function totalStock(levels: readonly StockLevel[]): number {
  return levels.reduce((sum, l) => sum + l.quantity, 0);
}

/** Any variant at or below the threshold: the admin's "Low". */
export function isLowStock(
  levels: readonly StockLevel[],
  threshold: number = LOW_STOCK_THRESHOLD,
): boolean {
  return levels.some((l) => l.quantity <= threshold);
}

/** No variant has a piece left. */
export function isSoldOut(levels: readonly StockLevel[]): boolean {
  return levels.every((l) => l.quantity <= 0);
}

/** A whole number within 0..MAX_STOCK_QUANTITY, or the words that say what is wrong. */
export function quantityProblem(value: unknown): string | undefined {
  if (typeof value !== "number" || !Number.isFinite(value)) return "Enter a number of pieces";
  if (!Number.isInteger(value)) return "Quantities are whole numbers";
  if (value < 0) return "Quantities cannot be negative";
  if (value > MAX_STOCK_QUANTITY) {
    return MAX_STOCK_TEXT;
  }
  return undefined;
}

/**
 * What is wrong with a stock grid for a product (paths `stock.N.quantity` etc.): every entry
 * names a size and colour the product offers (N/A where it offers none), at most once, with
 * a whole, non-negative quantity. An empty list of issues: the grid may be stored.
 */
export function stockGridIssues(
  product: Offers,
  grid: readonly { size: unknown; color: unknown; quantity: unknown }[],
): StockIssue[] {
  const issues: StockIssue[] = [];
  const seen = new Set<string>();
  grid.forEach((entry, i) => {
    const size = typeof entry.size === "string" ? entry.size : "";
    const color = typeof entry.color === "string" ? entry.color : "";
    const sizeOk = product.sizes.length === 0 ? size === NO_CHOICE : product.sizes.includes(size);
    const colorOk =
      product.colors.length === 0 ? color === NO_CHOICE : product.colors.includes(color);
    if (!sizeOk) {
      issues.push({
        path: `stock.${i}.size`,
        message:
          product.sizes.length === 0
            ? `This product has no sizes: use ${NO_CHOICE}`
            : `Size ${size || "(none)"} is not offered for this product`,
      });
    }
    if (!colorOk) {
      issues.push({
        path: `stock.${i}.color`,
        message:
          product.colors.length === 0
            ? `This product has no colours: use ${NO_CHOICE}`
            : `Colour ${color || "(none)"} is not offered for this product`,
      });
    }
    const key = `${size}\u0000${color}`;
    if (sizeOk && colorOk && seen.has(key)) {
      issues.push({ path: `stock.${i}`, message: `${size} / ${color} is listed twice` });
    }
    seen.add(key);
    const problem = quantityProblem(entry.quantity);
    if (problem) issues.push({ path: `stock.${i}.quantity`, message: problem });
  });
  return issues;
}

/** A short line of an order refused for stock (409 out_of_stock, `error.products`). */
export type ShortLine = Variant & { id: string; requested: number; available: number };

/** The customer's words for one short line: "Cotton Panjabi (M / White): 2 left, 3 asked". */
export function shortLineText(line: ShortLine, name?: string): string {
  const choice = [line.size, line.color].filter((v) => v !== NO_CHOICE).join(" / ");
  const what = `${name ?? "This product"}${choice ? ` (${choice})` : ""}`;
  return line.available <= 0
    ? `${what} is out of stock`
    : `${what}: only ${line.available} left, you asked for ${line.requested}`;
}

/** The refusal of a product form's grid cell whose stored count moved while the form was open. */
export const STOCK_MOVED_MESSAGE =
  "The stock of this size and colour changed while the form was open: reload the page to see it";
