import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { type ApiProduct, apiOrderBody, type OrderCustomer } from "../support/order-body";
import { expectDialog, hydrated, signInThroughApi } from "./auth-support";
import {
  CHECKOUT_CUSTOMER,
  cartItem,
  type fetchProducts,
  fillCheckout,
  seedCart,
} from "./checkout-support";

/** The seed's admin (server/db/seed/seed.ts DEMO_ADMIN). */
export const ADMIN = { name: "Demo Admin", email: "admin@haat.test", password: "haat-admin-2026" };
/** The seed's customer (server/db/seed/seed.ts DEMO_CUSTOMER). */
export const DEMO_CUSTOMER = { email: "customer@haat.test", password: "haat-customer-2026" };

/** The demo admin's session cookie, signed in through the API. */
export async function adminSessionCookie(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (res.status !== 200) throw new Error(`admin sign-in answered ${res.status}`);
  return (res.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
}
/** SHOP_ADDRESS's default: the journeys' server runs without shop configuration. */
export const DEFAULT_SHOP_ADDRESS = "West Shewrapara, Mirpur, Dhaka";

/** A new browser context signed in as `who`, on the dashboard once React runs it. */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  who: { email: string; password: string },
  options: { width?: number; colorScheme?: "light" | "dark"; path?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    colorScheme: options.colorScheme ?? "light",
  });
  const page = await context.newPage();
  await signInThroughApi(page, baseURL, who);
  // The page the journey starts on: the dashboard's home unless it names another.
  await openDashboard(page, baseURL, options.path ?? "/dashboard");
  return page;
}

/**
 * Opens a dashboard page once React runs it (action buttons stay disabled until then). From a
 * page of the same shop that React already runs, it goes there as the dashboard's own links do
 * (`navigateInApp`), else it loads the page.
 */
export async function openDashboard(page: Page, baseURL: string, path: string): Promise<void> {
  if (await navigateInApp(page, baseURL, path)) return;
  await page.goto(`${baseURL}${path}`);
  await hydrated(page);
}

/**
 * Goes to `path` through the page's router, as a click on one of the shop's links does: the
 * route's loaders run on the server and React draws the new page, without a new document (which
 * costs the headless shell about three times the CPU: docs/decisions/074). React draws the new
 * page in a transition after the router is done, so it is waited for by its title, which every
 * dashboard page has of its own. False, and nothing done, when the page is not a running page of
 * `baseURL`'s shop or already shows that path: the same page drawn again has nothing to wait for.
 */
export async function navigateInApp(page: Page, baseURL: string, path: string): Promise<boolean> {
  if (new URL(page.url()).origin !== new URL(baseURL).origin) return false;
  const title = await page.evaluate(
    async ([to, pathname]) => {
      const router = (window as { __reactRouterDataRouter?: InAppRouter }).__reactRouterDataRouter;
      if (!router || !document.documentElement.hasAttribute("data-hydrated")) return undefined;
      if (location.pathname === pathname) return undefined;
      const title = document.title;
      await router.navigate(to);
      return title;
    },
    [path, new URL(path, baseURL).pathname] as const,
  );
  if (title === undefined) return false;
  await page
    .waitForFunction((before) => document.title !== before, title)
    .catch(() => {
      throw new Error(
        `${path} kept the title "${title}" (an error page?): load it with page.goto instead`,
      );
    });
  return true;
}

/** What `navigateInApp` uses of React Router's router, which HydratedRouter puts on window. */
type InAppRouter = { navigate(to: string): Promise<void> };

/** The figure on one of the dashboard home's cards. */
export async function cardValues(page: Page, baseURL: string): Promise<Record<string, number>> {
  await openDashboard(page, baseURL, "/dashboard");
  const cards = page.getByTestId("dashboard-card");
  await cards.first().waitFor();
  const out: Record<string, number> = {};
  for (const card of await cards.all()) {
    const [label, value] = await card.locator("span").allTextContents();
    out[label ?? ""] = Number(value);
  }
  return out;
}

/** The table row of an order (by its number) on the list page that is open. */
export function orderRow(page: Page, orderNumber: number | string) {
  return page.locator("tbody tr").filter({ hasText: `#${orderNumber}` });
}

/** The order numbers in the open list's table, top to bottom. */
export async function listedNumbers(page: Page): Promise<number[]> {
  const cells = await page.locator("tbody tr td:first-child p:first-child").allTextContents();
  return cells.map((t) => Number(t.replace("#", "")));
}

/** Clicks an order action, answers "Are you sure?" and waits for the spec's notice. */
export async function runAction(
  page: Page,
  scope: ReturnType<Page["locator"]>,
  label: string,
  expected: { sentence?: string; title: string; text: string },
): Promise<void> {
  await scope.getByRole("button", { name: label, exact: true }).click();
  const question = page.getByRole("alertdialog");
  await question.waitFor();
  expect(await question.locator("h2").textContent()).toBe("Are you sure?");
  if (expected.sentence)
    expect(await question.locator("p").textContent()).toContain(expected.sentence);
  // Issue 20 item 23: deleting or cancelling an order looks destructive, other changes do not.
  const confirmButton = question.getByRole("button").first();
  const destructive = ["Delete", "Cancel", "Cancel Order"].includes(label);
  expect(((await confirmButton.getAttribute("class")) ?? "").split(/\s+/)).toEqual(
    destructive ? expect.arrayContaining(["btn-error"]) : expect.not.arrayContaining(["btn-error"]),
  );
  await confirmButton.click();
  await expectDialog(page, expected.title, expected.text);
  // Escape, not a click on OK: the notice may already have closed itself after its 3 s.
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "detached" });
}

export const UPDATED = { title: "Updated!", text: "Order status has been updated." };

/** Places an order through the real checkout form; answers its order number. */
export async function placeOrder(
  page: Page,
  baseURL: string,
  product: Awaited<ReturnType<typeof fetchProducts>>[number],
  email: string,
): Promise<number> {
  await seedCart(page, baseURL, []);
  await page.evaluate(
    (items) => window.sessionStorage.setItem("checkoutProducts", JSON.stringify(items)),
    [cartItem(product)],
  );
  await page.goto(`${baseURL}/product-checkout`);
  await hydrated(page);
  await fillCheckout(page, { area: "Inside Dhaka", email });
  const confirm = page.getByRole("button", { name: "Confirm Order" });
  await expect.poll(() => confirm.isEnabled()).toBe(true);
  await confirm.click();
  await page.waitForURL(/\/order-success\?order=[\w-]+$/);
  const shown = await page.getByText(/Order number: #\d+/).textContent();
  return Number(/#(\d+)/.exec(shown ?? "")?.[1]);
}

/** The id of an order from its overview link in the open list. */
export async function orderIdOf(page: Page, orderNumber: number): Promise<string> {
  const row = orderRow(page, orderNumber);
  const id = await row.getAttribute("data-order-id");
  if (!id) throw new Error(`order #${orderNumber} is not listed`);
  return id;
}

type ApiAnswer = { status: number; body: Record<string, unknown> };

/** A fetch of the JSON API from a signed-in page (same origin, that person's session). */
export function sendFrom(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  return page.evaluate(
    async ([method, path, body]) => {
      const res = await fetch(path as string, {
        method: method as string,
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    [method, path, body] as const,
  );
}

/** A fresh number for this run: its history at the shop is only what this journey makes. */
export function freshPhone(): string {
  return `019${String(Math.floor(Math.random() * 100_000_000)).padStart(8, "0")}`;
}

/** The id a 201 of POST /api/postOrder names. */
export function placedOrderId(body: Record<string, unknown>): string {
  return String(
    (body.insertedId as string | undefined) ??
      (body.data as { _id?: string } | undefined)?._id ??
      "",
  );
}

/**
 * An order placed through the API by whoever `placer` is signed in as (a guest's page: a guest's
 * order, on nobody's own lists), read back by `reader` (the placer, or an admin): its id and number.
 */
export async function placeApiOrder(
  placer: Page,
  product: ApiProduct,
  customer: OrderCustomer,
  reader: Page = placer,
): Promise<{ id: string; n: number }> {
  const placed = await sendFrom(placer, "POST", "/api/postOrder", apiOrderBody(product, customer));
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id = placedOrderId(placed.body);
  const detail = await sendFrom(reader, "GET", `/api/orders/${id}`);
  return { id, n: (detail.body.data as { orderNumber: number }).orderNumber };
}

/**
 * The customer the checkout form's journeys type (CHECKOUT_CUSTOMER), for an order a journey
 * needs in place without going through the checkout again.
 */
export function checkoutCustomer(email: string): OrderCustomer {
  return { ...CHECKOUT_CUSTOMER, email };
}

/** A page of a guest (no session) on the shop, for guests' API calls from the browser. */
export async function guestPage(browser: Browser, baseURL: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${baseURL}/about-us`);
  return page;
}
