import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { CartItem } from "~/app/features/cart/cart-store";
import { chargeForOrder, DEFAULT_FREE_DELIVERY_OVER, type DeliveryArea } from "~/core/delivery";

/** A cart item as spec §3 stores it under localStorage `cartProducts`. */
export type StoredCartItem = CartItem;

type ApiProduct = {
  _id: string;
  name: string;
  description: string;
  category: string;
  subCategory: string;
  images: string[];
  colors: string[];
  sizes: string[];
  originalPrice: number;
  offerPrice: number | null;
  trackStock?: boolean;
  stock?: { size: string; color: string; quantity: number }[];
};

/** More than "Only N left" shows for: a journey's choices and quantities are never refused. */
export const PLENTY = 10;

/**
 * Seeded products from the running shop's API (real ids and prices, as Add To Cart stores them),
 * only those with plenty of every size and colour (or not tracked): the demo seed has sold-out
 * and low products, which journeys about other things must not stumble on (issue 22).
 */
export async function fetchProducts(baseURL: string): Promise<ApiProduct[]> {
  const res = await fetch(`${baseURL}/api/products?limit=500`);
  if (!res.ok) throw new Error(`GET /api/products answered ${res.status}`);
  return ((await res.json()) as { data: ApiProduct[] }).data.filter(
    (p) => !p.trackStock || (p.stock ?? []).every((l) => l.quantity >= PLENTY),
  );
}

export function cartItem(
  p: ApiProduct,
  options: Partial<Pick<StoredCartItem, "color" | "size" | "quantity" | "originalPrice">> = {},
): StoredCartItem {
  return {
    id: p._id,
    name: p.name,
    imageUrl: p.images[0] ?? "",
    // What the product page lets through: its first colour and size, N/A only when it has none.
    color: options.color ?? p.colors[0] ?? "N/A",
    size: options.size ?? p.sizes[0] ?? "N/A",
    quantity: options.quantity ?? 1,
    originalPrice: options.originalPrice ?? p.offerPrice ?? p.originalPrice,
  };
}

/** Opens the shop once (localStorage needs its origin), then stores `value` as the cart. */
export async function seedCart(page: Page, baseURL: string, value: unknown): Promise<void> {
  if (!page.url().startsWith(baseURL)) await page.goto(`${baseURL}/order-success`);
  await page.evaluate(
    (json) => window.localStorage.setItem("cartProducts", json),
    typeof value === "string" ? value : JSON.stringify(value),
  );
}

export async function readCart(page: Page): Promise<StoredCartItem[]> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem("cartProducts") ?? "[]"));
}

/** "৳1,234.00" → 1234 */
export function taka(text: string | null): number {
  return Number((text ?? "").replace(/[^\d.]/g, ""));
}

/** An address of each delivery area: Mirpur is a Dhaka city thana, Rupsa is in Khulna. */
export const ADDRESS_OF_AREA: Record<DeliveryArea, { district: string; thana: string }> = {
  "Inside Dhaka": { district: "ঢাকা", thana: "মিরপুর" },
  "Outside Dhaka": { district: "খুলনা", thana: "রূপসা" },
};

/** The delivery charge the shop (default settings) asks for this area and sub-total. */
export function deliveryFor(area: DeliveryArea, subTotal: number): number {
  return chargeForOrder(area, subTotal, DEFAULT_FREE_DELIVERY_OVER);
}

/** Who the checkout journeys' customer is, as they type it into the form. */
export const CHECKOUT_CUSTOMER = {
  name: "Karim Ahmed",
  mobileNumber: "01812345678",
  address: "House 7, Road 2, Sonadanga",
} as const;

let filledCheckouts = 0;

/**
 * Fills every required checkout field with valid values; the address is one of `area`, which
 * the form then selects by itself. Each fill types its own email unless one is given, so two
 * journeys on one worker's shop never place "the same order" the checkout asks about twice
 * (decision 097).
 */
export async function fillCheckout(
  page: Page,
  options: { area?: DeliveryArea; email?: string } = {},
): Promise<void> {
  const area = options.area ?? "Outside Dhaka";
  await page.getByLabel("Customer Name", { exact: true }).fill(CHECKOUT_CUSTOMER.name);
  filledCheckouts += 1;
  const email = options.email ?? `karim.${process.pid}.${filledCheckouts}@example.com`;
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Mobile Number", { exact: true }).fill(CHECKOUT_CUSTOMER.mobileNumber);
  const district = page.getByLabel("District", { exact: true });
  await expect.poll(() => district.isEnabled()).toBe(true);
  await district.fill(ADDRESS_OF_AREA[area].district);
  await page.getByLabel("Thana", { exact: true }).fill(ADDRESS_OF_AREA[area].thana);
  await page.getByLabel("Address", { exact: true }).fill(CHECKOUT_CUSTOMER.address);
  await expect
    .poll(() => page.getByRole("radio", { name: new RegExp(`^${area}`) }).isChecked())
    .toBe(true);
}

/** How the cart names a line in its labels: "Name (Black, XL)". */
export function lineLabel(item: StoredCartItem): string {
  const options = [item.color, item.size].filter((o) => o !== "N/A");
  return options.length > 0 ? `${item.name} (${options.join(", ")})` : item.name;
}
