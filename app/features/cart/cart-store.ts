import { useSyncExternalStore } from "react";

/** Spec §3: the cart lives in the browser's localStorage under this key. */
export const CART_STORAGE_KEY = "cartProducts";
export const NOT_APPLICABLE = "N/A";

/** Spec §3 cart item. `originalPrice` holds the price shown (the offer price when there is one). */
export type CartItem = {
  id: string;
  name: string;
  imageUrl: string;
  color: string;
  size: string;
  quantity: number;
  originalPrice: number;
  customerEmail?: string;
};

const CHANGE_EVENT = "haat:cart-change";

function isText(v: unknown, max = 2000): v is string {
  return typeof v === "string" && v.length <= max;
}

/** A number, or a number written as text by an older cart; NaN for anything else (null, "", true). */
function toNumber(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v === "string" && v.trim() !== "") return Number(v);
  return Number.NaN;
}

/** One stored entry as a cart item, or null when it is not one (corrupted or outdated data). */
export function toCartItem(raw: unknown): CartItem | null {
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (!isText(r.id, 64) || r.id === "" || !isText(r.name, 300)) return null;
  const quantity = toNumber(r.quantity ?? 1);
  const price = toNumber(r.originalPrice);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 99) return null;
  if (!Number.isFinite(price) || price < 0) return null;
  return {
    id: r.id,
    name: r.name,
    imageUrl: isText(r.imageUrl) ? r.imageUrl : "",
    color: isText(r.color, 40) && r.color ? r.color : NOT_APPLICABLE,
    size: isText(r.size, 40) && r.size ? r.size : NOT_APPLICABLE,
    quantity,
    originalPrice: price,
    customerEmail: isText(r.customerEmail, 254) ? r.customerEmail : undefined,
  };
}

/** Parses stored JSON; anything that is not a cart item is dropped, never thrown. */
export function parseCart(json: string | null): CartItem[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed.map(toCartItem).filter((x): x is CartItem => x !== null);
  } catch {
    return [];
  }
}

let cachedJson: string | null | undefined;
let cachedItems: CartItem[] = [];
const EMPTY: CartItem[] = [];

export function readCart(): CartItem[] {
  if (typeof window === "undefined") return EMPTY;
  let json: string | null = null;
  try {
    json = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return EMPTY;
  }
  if (json !== cachedJson) {
    cachedJson = json;
    cachedItems = parseCart(json);
  }
  return cachedItems;
}

export function writeCart(items: readonly CartItem[]): void {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Storage full or blocked: the page keeps working, the cart just isn't remembered.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Spec §4: Add To Cart appends (duplicates are not merged). */
export function addToCart(item: CartItem): void {
  writeCart([...readCart(), item]);
}

/** "Name (Black, XL)": tells apart lines of one product for screen readers and labels. */
export function lineLabel(item: Pick<CartItem, "name" | "color" | "size">): string {
  const options = [item.color, item.size].filter((o) => o && o !== NOT_APPLICABLE);
  return options.length > 0 ? `${item.name} (${options.join(", ")})` : item.name;
}

/**
 * Which cart lines are ticked for checkout. The page keeps the lines the visitor unticked,
 * by position, so every other line is ticked: the cart opens with everything selected and a
 * line added in another tab arrives selected too.
 */
export type Unticked = ReadonlySet<number>;

export function tickedLines(count: number, unticked: Unticked): number[] {
  return Array.from({ length: count }, (_, i) => i).filter((i) => !unticked.has(i));
}

export function toggleTick(unticked: Unticked, index: number): Unticked {
  const next = new Set(unticked);
  if (next.has(index)) next.delete(index);
  else next.add(index);
  return next;
}

/** Select all (true) or none (false) of `count` lines. */
export function tickAll(count: number, on: boolean): Unticked {
  return on ? new Set() : new Set(Array.from({ length: count }, (_, i) => i));
}

/** After the line at `index` is deleted, later lines move up one place with their tick. */
export function untickedAfterRemoval(unticked: Unticked, index: number): Unticked {
  const next = new Set<number>();
  for (const i of unticked) if (i !== index) next.add(i > index ? i - 1 : i);
  return next;
}

/** Highest quantity one cart line may hold (the order API's limit per line). */
export const MAX_CART_QUANTITY = 99;

/** Sets the quantity of the line at `index` (lines may repeat one product, so by position). */
export function setCartQuantity(index: number, quantity: number): void {
  const items = readCart();
  const item = items[index];
  if (!item) return;
  const q = Math.min(MAX_CART_QUANTITY, Math.max(1, Math.trunc(quantity)));
  if (q === item.quantity) return;
  writeCart(items.map((x, i) => (i === index ? { ...x, quantity: q } : x)));
}

/** Deletes the one line at `index`; other lines of the same product stay. */
export function removeCartLine(index: number): void {
  const items = readCart();
  if (index < 0 || index >= items.length) return;
  writeCart(items.filter((_, i) => i !== index));
}

export function sameChoice(
  a: Pick<CartItem, "id" | "size" | "color">,
  b: Pick<CartItem, "id" | "size" | "color">,
): boolean {
  return a.id === b.id && a.color === b.color && a.size === b.size;
}

/**
 * The lines as checkout shows and orders them: lines of the same product, size and colour (the
 * cart keeps each Add To Cart as a line of its own, spec §9) become one, their quantities added,
 * so that one line's stock notice and stepper speak for all the pieces of that choice.
 */
export function mergeSameChoice<T extends CartItem>(items: readonly T[]): T[] {
  const merged: T[] = [];
  for (const item of items) {
    const at = merged.findIndex((m) => sameChoice(m, item));
    const into = merged[at];
    if (into) {
      merged[at] = {
        ...into,
        quantity: Math.min(MAX_CART_QUANTITY, into.quantity + item.quantity),
      };
    } else merged.push(item);
  }
  return merged;
}

/**
 * The cart without the lines that were just ordered: for each ordered item, the line of the same
 * product, colour and size with the same quantity, else lines of that choice until they make up
 * its quantity (checkout shows such lines as one: `mergeSameChoice`), at least one. Quantities and
 * prices may have changed at checkout, so they do not have to match. Other lines stay.
 */
export function withoutOrdered(
  cart: readonly CartItem[],
  ordered: readonly CartItem[],
): CartItem[] {
  const left = [...cart];
  for (const item of ordered) {
    const exact = left.findIndex((x) => sameChoice(x, item) && x.quantity === item.quantity);
    if (exact >= 0) {
      left.splice(exact, 1);
      continue;
    }
    let removed = 0;
    for (let at = left.findIndex((x) => sameChoice(x, item)); at >= 0; ) {
      removed += (left[at] as CartItem).quantity;
      left.splice(at, 1);
      if (removed >= item.quantity) break;
      at = left.findIndex((x) => sameChoice(x, item));
    }
  }
  return left;
}

/**
 * Applies current unit prices (product id → price) to every cart line of those products, e.g.
 * after the server answered price_changed, so the cart shows what the shop charges now.
 */
export function updateCartPrices(prices: ReadonlyMap<string, number>): void {
  const cart = readCart();
  let changed = false;
  const next = cart.map((item) => {
    const price = prices.get(item.id);
    if (price === undefined || price === item.originalPrice) return item;
    changed = true;
    return { ...item, originalPrice: price };
  });
  if (changed) writeCart(next);
}

export function removeOrderedFromCart(ordered: readonly CartItem[]): void {
  const cart = readCart();
  const left = withoutOrdered(cart, ordered);
  if (left.length !== cart.length) writeCart(left);
}

function subscribe(listener: () => void) {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === CART_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage); // other tabs
  window.addEventListener(CHANGE_EVENT, listener); // this tab
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CHANGE_EVENT, listener);
  };
}

/** The cart, kept in step with localStorage in this tab and others; empty during SSR. */
export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, readCart, () => EMPTY);
}

export function useCartCount(): number {
  return useCart().length;
}
