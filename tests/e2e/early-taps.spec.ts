import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, untilInteractive } from "../support/browser";
import { shop } from "../support/shop";
import { expectDialog, signInThroughApi } from "./auth-support";
import { fetchProducts, readCart, seedCart } from "./checkout-support";
import { DEMO_CUSTOMER } from "./orders-support";

/**
 * No tap lost before the scripts arrive (issue 21 item 3): the page's scripts are held back, the
 * visitor taps, then the scripts load. The recorder in <head> (shared/page-shell.ts) keeps the taps
 * and hands them to the page once it is interactive: each carried out exactly once.
 */
describe("taps before the page is interactive", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;
  let productPath: string;
  let productId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    // A product with no sizes or colours: Add To Cart and Order Now need no choice first.
    const product = (await fetchProducts(baseURL)).find(
      (p) => p.sizes.length === 0 && p.colors.length === 0,
    );
    if (!product) throw new Error("the shop has no product without sizes and colours");
    productId = product._id;
    productPath = `/product-details/${product._id}`;
  });
  afterAll(async () => browser?.close());

  /** Holds every script of the build until `release()`; later ones pass at once. */
  async function holdScripts(page: Page) {
    const held: Route[] = [];
    let released = false;
    await page.route("**/assets/**/*.js", (route) => {
      if (released) return route.continue();
      held.push(route);
    });
    return {
      count: () => held.length,
      async release() {
        released = true;
        await Promise.all(held.splice(0).map((route) => route.continue()));
      },
    };
  }

  async function openHeld() {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await seedCart(page, baseURL, []);
    const scripts = await holdScripts(page);
    await page.goto(`${baseURL}${productPath}`, { waitUntil: "domcontentloaded" });
    // The page is on screen and its scripts have been asked for, not answered.
    await expect.poll(() => scripts.count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(
      false,
    );
    return { page, scripts };
  }

  it("Add To Cart and the stepper: the cart holds the item once, with the quantity tapped", async () => {
    const { page, scripts } = await openHeld();
    const buyBox = page.getByTestId("buy-box");
    await buyBox.getByRole("button", { name: "Increase quantity" }).click();
    await buyBox.getByRole("button", { name: "Add To Cart" }).click();
    // Nothing happened yet: no script has run.
    expect(await readCart(page)).toEqual([]);

    await scripts.release();
    await untilInteractive(page);
    await expectDialog(
      page,
      "Product Added!",
      "Your product has been successfully added to the cart.",
    );
    await expect.poll(() => readCart(page)).toHaveLength(1);
    // A moment later still once: the tap is not carried out again.
    await page.waitForTimeout(500);
    const cart = await readCart(page);
    expect(cart).toEqual([expect.objectContaining({ id: productId, quantity: 2 })]);
    await page.close();
  });

  it("Order Now reaches checkout with that item", async () => {
    const { page, scripts } = await openHeld();
    await page.getByTestId("buy-box").getByRole("button", { name: "Order Now" }).click();
    await scripts.release();
    await page.waitForURL(`${baseURL}/product-checkout`);
    const items = JSON.parse(
      (await page.evaluate(() => sessionStorage.getItem("checkoutProducts"))) ?? "[]",
    );
    expect(items).toEqual([expect.objectContaining({ id: productId, quantity: 1 })]);
    expect(await readCart(page)).toEqual([]);
    await page.close();
  });

  it("Logout tapped early still asks first (without script at all it is a plain form)", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInThroughApi(page, baseURL, DEMO_CUSTOMER);
    const scripts = await holdScripts(page);
    await page.goto(`${baseURL}/about-us`, { waitUntil: "domcontentloaded" });
    await expect.poll(() => scripts.count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Logout" }).click();
    await scripts.release();
    const confirm = page.getByRole("alertdialog");
    await confirm.waitFor();
    expect(await confirm.locator("h2").textContent()).toBe("Are you sure you want to logout?");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    expect(new URL(page.url()).pathname).toBe("/about-us");
    expect(await page.getByRole("button", { name: "Logout" }).count()).toBe(1);
    await context.close();
  });

  it("a tap once the page is interactive is handled by the page alone, once", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await seedCart(page, baseURL, []);
    await page.goto(`${baseURL}${productPath}`);
    await page.getByTestId("buy-box").getByRole("button", { name: "Add To Cart" }).click();
    await expectDialog(page, "Product Added!");
    await page.waitForTimeout(300);
    expect(await readCart(page)).toHaveLength(1);
    await page.close();
  });
});
