import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { cartItem, fetchProducts, readCart, seedCart, taka } from "./checkout-support";

describe("the cart page", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;
  let products: Awaited<ReturnType<typeof fetchProducts>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    products = await fetchProducts(baseURL);
  });
  afterAll(async () => browser?.close());

  const newPage = async (width = 390): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    return context.newPage();
  };

  it("survives a corrupted or outdated stored cart", async () => {
    const page = await newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await seedCart(page, baseURL, "{not json");
    await page.goto(`${baseURL}/cart`);
    await expect
      .poll(() => page.getByRole("heading", { name: "Your cart is empty" }).count())
      .toBe(1);
    expect(await page.getByRole("link", { name: "Continue Shopping" }).getAttribute("href")).toBe(
      "/shop",
    );

    const good = cartItem(products[0] as (typeof products)[number]);
    await seedCart(page, baseURL, [
      null,
      { id: "x" },
      { ...good, quantity: -2 },
      { ...good, originalPrice: "free" },
      good,
      "text",
    ]);
    await page.reload();
    await expect.poll(() => page.getByRole("checkbox", { name: /^Select / }).count()).toBe(2);
    expect(await page.getByText("1 item", { exact: true }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("shows each line, steps quantities, deletes one line of duplicates and totals the selection", async () => {
    const withColour = products.find((p) => p.colors.length >= 2) as (typeof products)[number];
    const plain = products.find((p) => p.colors.length === 0 && p.sizes.length === 0);
    if (!plain) throw new Error("the seed has no product without colours and sizes");
    const a = cartItem(withColour, { color: withColour.colors[0] });
    const b = cartItem(withColour, { color: withColour.colors[1], quantity: 2 });
    const c = cartItem(plain);
    const page = await newPage(1280);
    await seedCart(page, baseURL, [a, b, c]);
    const response = await page.goto(`${baseURL}/cart`);
    // Server-rendered as a placeholder: the cart lives in the browser.
    expect(await response?.text()).toContain('aria-busy="true"');

    const lines = page.locator("main ul").first().getByRole("listitem");
    await expect.poll(() => lines.count()).toBe(3);
    expect(await lines.nth(0).textContent()).toContain(`Colour: ${a.color}`);
    expect(await lines.nth(1).textContent()).toContain(`Colour: ${b.color}`);
    expect(await lines.nth(2).textContent()).not.toContain("N/A");
    expect(await lines.nth(0).getByRole("link").last().getAttribute("href")).toBe(
      `/product-details/${a.id}`,
    );

    // Every line starts ticked, so the total is the whole cart's (issue 20: it said ৳0.00).
    const proceed = page.getByRole("button", { name: "Proceed To Checkout" });
    expect(await proceed.isEnabled()).toBe(true);
    expect(await page.getByRole("checkbox", { name: "Select all" }).isChecked()).toBe(true);
    expect(taka(await page.getByTestId("cart-total").textContent())).toBe(
      a.originalPrice + b.originalPrice * 2 + c.originalPrice,
    );

    const decrease = lines.nth(0).getByRole("button", { name: /^Decrease quantity/ });
    const increase = lines.nth(0).getByRole("button", { name: /^Increase quantity/ });
    expect(await decrease.isDisabled()).toBe(true);
    await increase.click();
    await increase.click();
    await expect.poll(async () => (await readCart(page))[0]?.quantity).toBe(3);
    expect(await decrease.isEnabled()).toBe(true);
    expect(await lines.nth(0).textContent()).toContain(
      `Sub-total: ৳${(a.originalPrice * 3).toLocaleString("en-US")}`,
    );

    await lines.nth(0).getByRole("checkbox").uncheck();
    const expected = b.originalPrice * 2 + c.originalPrice;
    await expect
      .poll(async () => taka(await page.getByTestId("cart-total").textContent()))
      .toBe(expected);
    expect(await page.getByTestId("cart-total").textContent()).toMatch(/^৳[\d,]+\.\d{2}$/);
    expect(await proceed.isEnabled()).toBe(true);

    // Deleting the first of two lines of one product removes that line only.
    await lines
      .nth(0)
      .getByRole("button", { name: /^Delete / })
      .click();
    await expect.poll(() => lines.count()).toBe(2);
    expect(await readCart(page)).toEqual([b, c]);
    // The selection moved with the lines: both remaining lines are still selected.
    expect(await page.getByRole("checkbox", { name: "Select all" }).isChecked()).toBe(true);
    expect(taka(await page.getByTestId("cart-total").textContent())).toBe(expected);
    await page.context().close();
  });

  it("shows today's price of a line added when it cost less, and says prices changed", async () => {
    const product = products.find((p) => p.colors.length === 0 && p.sizes.length === 0);
    if (!product) throw new Error("the seed has no product without colours and sizes");
    const now = product.offerPrice ?? product.originalPrice;
    const page = await newPage();
    await seedCart(page, baseURL, [cartItem(product, { originalPrice: now - 100 })]);
    await page.goto(`${baseURL}/cart`);
    await page.getByRole("status").filter({ hasText: "Some prices have changed" }).waitFor();
    await expect.poll(async () => (await readCart(page))[0]?.originalPrice).toBe(now);
    await expect
      .poll(async () => taka(await page.getByTestId("cart-total").textContent()))
      .toBe(now);
    await page.context().close();
  });

  it("cuts names to the spec's limits for the width in the cart and at checkout, and follows a resize", async () => {
    const long = products.find((p) => Array.from(p.name).length > 70);
    if (!long) throw new Error("the seed has no product with a name over 70 characters");
    const cut = (name: string, limit: number) => {
      const chars = Array.from(name);
      return chars.length <= limit ? name : `${chars.slice(0, limit).join("")}...`;
    };
    // The name's own text: a summary line goes on with " × 1" in an element of its own.
    const shown = (locator: ReturnType<Page["locator"]>) =>
      locator.evaluate((el) => el.firstChild?.textContent ?? "");
    const page = await newPage(390);
    await seedCart(page, baseURL, [cartItem(long)]);
    await page.goto(`${baseURL}/cart`);
    const line = page.locator("main li a[title]").first();
    const summary = page.locator("main li span[title]").first();
    await expect.poll(() => shown(line)).toBe(cut(long.name, 28));
    expect(await shown(summary)).toBe(cut(long.name, 42));
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => shown(line)).toBe(cut(long.name, 70));
    expect(await shown(summary)).toBe(cut(long.name, 30));

    await page.getByRole("button", { name: "Proceed To Checkout" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/product-checkout");
    const checkoutLine = page.locator("main li a[title]").first();
    await expect.poll(() => shown(checkoutLine)).toBe(cut(long.name, 30));
    await page.setViewportSize({ width: 390, height: 900 });
    await expect.poll(() => shown(checkoutLine)).toBe(cut(long.name, 20));
    await page.context().close();
  });

  it("keeps the floating contact button off the cart's lines on a phone (issue 20 item 24)", async () => {
    const page = await newPage(390);
    await seedCart(page, baseURL, [cartItem(products[0] as (typeof products)[number])]);
    const contact = page.getByRole("button", { name: /contact/i });
    for (const path of ["/cart", "/product-checkout"]) {
      await page.goto(`${baseURL}${path}`);
      expect(await contact.isVisible(), path).toBe(false);
    }
    // Elsewhere on the phone, and on a wide screen everywhere, it is there.
    await page.goto(`${baseURL}/shop`);
    expect(await contact.isVisible()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseURL}/cart`);
    expect(await contact.isVisible()).toBe(true);
    await page.context().close();
  });

  it("follows changes made in another tab", async () => {
    const context = await browser.newContext();
    const one = await context.newPage();
    const two = await context.newPage();
    await seedCart(one, baseURL, []);
    await one.goto(`${baseURL}/cart`);
    await expect
      .poll(() => one.getByRole("heading", { name: "Your cart is empty" }).count())
      .toBe(1);
    await two.goto(`${baseURL}/order-success`);
    await seedCart(two, baseURL, [cartItem(products[2] as (typeof products)[number])]);
    await expect.poll(() => one.getByRole("checkbox", { name: /^Select / }).count()).toBe(2);
    // A line added elsewhere arrives ticked too.
    expect(await one.getByRole("checkbox", { name: "Select all" }).isChecked()).toBe(true);
    expect(await one.getByRole("button", { name: "Proceed To Checkout" }).isEnabled()).toBe(true);
    await context.close();
  });
});
