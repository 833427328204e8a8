import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { fetchProducts } from "./checkout-support";
import { ADMIN, checkoutCustomer, orderRow, placeApiOrder, signedInPage } from "./orders-support";

/**
 * Issue 21 item 2: an order button is a form posting to its page's action, so it works before
 * the scripts arrive (or without them): the page asks "Are you sure?" itself, then shows the
 * spec's outcome, and the order leaves the list.
 */
describe("order changes without JavaScript", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;
  let page: Page;
  /** Signed in with scripts: places this suite's own Pending orders (other journeys confirm and
   * call the seeded ones). */
  let scripted: Page;
  const newPendingOrder = async (email: string) => {
    const [product] = await fetchProducts(baseURL);
    if (!product) throw new Error("the seeded shop has no product to order");
    return (await placeApiOrder(scripted, product, checkoutCustomer(email))).n;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    // Signed in with scripts (the login form's own business), then a context without them.
    scripted = await signedInPage(browser, baseURL, ADMIN);
    const storageState = await scripted.context().storageState();
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState,
      viewport: { width: 390, height: 844 },
    });
    page = await context.newPage();
  });
  afterAll(async () => browser?.close());

  it("confirms a pending order: Are you sure?, then Updated!, and it leaves Pending Orders", async () => {
    const orderNumber = await newPendingOrder("no-script-1@haat.test");
    await page.goto(`${baseURL}/dashboard/pendingOrders?q=${orderNumber}`);
    await orderRow(page, orderNumber).getByRole("button", { name: "Confirm", exact: true }).click();

    const ask = page.getByRole("region", { name: "Are you sure?" });
    await ask.waitFor();
    expect(await ask.textContent()).toContain(`Order #${orderNumber} will be confirmed.`);
    // Nothing changed yet: the order is still listed.
    expect(await orderRow(page, orderNumber).count()).toBe(1);

    await ask.getByRole("button", { name: "Yes, update it!" }).click();
    const done = page.getByRole("status").filter({ hasText: "Updated!" });
    await done.waitFor();
    expect(await done.textContent()).toContain("Order status has been updated.");
    expect(await orderRow(page, orderNumber).count()).toBe(0);
  });

  it("asks first and changes nothing when the person says no", async () => {
    const orderNumber = await newPendingOrder("no-script-2@haat.test");
    const listed = `${baseURL}/dashboard/pendingOrders?q=${orderNumber}`;
    await page.goto(listed);
    await orderRow(page, orderNumber).getByRole("button", { name: "Cancel", exact: true }).click();
    const ask = page.getByRole("region", { name: "Are you sure?" });
    await ask.getByRole("link", { name: "Keep the order" }).click();
    await page.waitForURL(listed);
    expect(await orderRow(page, orderNumber).count()).toBe(1);
    expect(await page.getByRole("region", { name: "Are you sure?" }).count()).toBe(0);
  });
});
