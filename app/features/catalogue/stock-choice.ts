import { type Availability, availabilityOf, NO_CHOICE, type StockLevel } from "~/core/stock";

/** A customer's choice so far: null where a size or colour is still to be chosen. */
export type Choice = { size: string | null; color: string | null };

const matches = (chosen: string | null, value: string) =>
  chosen === null || chosen === NO_CHOICE || chosen === value;

/**
 * Pieces left for the choice so far (summed over the variants it still allows), or null when the
 * product's stock is not tracked.
 */
export function piecesLeft(stock: readonly StockLevel[] | null, choice: Choice): number | null {
  if (stock === null) return null;
  return stock
    .filter((l) => matches(choice.size, l.size) && matches(choice.color, l.color))
    .reduce((sum, l) => sum + Math.max(0, l.quantity), 0);
}

/** "In stock" / "Only N left" / "Out of stock" for the choice so far (core/stock.ts rule). */
export function choiceAvailability(
  stock: readonly StockLevel[] | null,
  choice: Choice,
): Availability {
  return availabilityOf(piecesLeft(stock, choice));
}

/**
 * True when choosing `value` for `dimension` (with the other one as chosen) leaves nothing to
 * buy: the option is marked sold out and cannot be chosen.
 */
export function optionSoldOut(
  stock: readonly StockLevel[] | null,
  dimension: "size" | "color",
  value: string,
  choice: Choice,
): boolean {
  if (stock === null) return false;
  return piecesLeft(stock, { ...choice, [dimension]: value }) === 0;
}

/** A choice's quantity that may still be bought: at most what is left (untracked: `max`). */
export function largestQuantity(left: number | null, max: number): number {
  return left === null ? max : Math.max(1, Math.min(max, left));
}
