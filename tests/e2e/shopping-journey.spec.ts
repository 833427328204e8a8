import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { deliveryFor, fetchProducts, fillCheckout, readCart, taka } from "./checkout-support";

/**
 * A new customer's whole path through the shop's own screens, as the spec words them: search,
 * product page, Add To Cart, the cart, checkout and the success page — no storage seeded by hand.
 */
describe("a guest shops from search to order success", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;
  let products: Awaited<ReturnType<typeof fetchProducts>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    products = await fetchProducts(baseURL);
  });
  afterAll(async () => browser?.close());

  async function phonePage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    return context.newPage();
  }

  async function addToCartWithColour(page: Page, colour: string) {
    const buyBox = page.getByTestId("buy-box");
    await buyBox
      .getByRole("group", { name: /^Colour/ })
      .getByRole("button", { name: colour, exact: true })
      .click();
    await buyBox.getByRole("button", { name: "Add To Cart" }).click();
    const dialog = page.getByRole("dialog", { name: "Product Added!" });
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await dialog.textContent()).toContain(
      "Your product has been successfully added to the cart.",
    );
    await dialog.getByRole("button", { name: "OK" }).click();
  }

  it("finds two products, adds them in different colours, orders one Outside Dhaka and keeps the other", async () => {
    const colourful = products.filter((p) => p.colors.length >= 2 && p.sizes.length === 0);
    const [first, second] = colourful;
    if (!first || !second) throw new Error("the seed has no two products with two colours");
    const page = await phonePage();

    // Search from the header's mobile search box, lower-cased, and open the first product.
    await page.goto(baseURL);
    const search = page.getByRole("combobox").filter({ visible: true }).first();
    await search.fill(first.name.slice(0, 12).toLowerCase());
    const option = page.getByRole("option", { name: first.name });
    await expect.poll(() => option.count()).toBeGreaterThan(0);
    await option.first().click();
    await page.waitForURL(`${baseURL}/product-details/${first._id}`);
    await addToCartWithColour(page, first.colors[0] as string);

    await page.goto(`${baseURL}/product-details/${second._id}`);
    await addToCartWithColour(page, second.colors[1] as string);
    const cartLink = page.getByRole("link", { name: "Cart, 2 items" });
    await expect.poll(() => cartLink.count()).toBe(1);

    // The cart: both lines start ticked; untick the second and proceed with the first.
    await cartLink.click();
    await page.waitForURL(`${baseURL}/cart`);
    const proceed = page.getByRole("button", { name: "Proceed To Checkout" });
    await expect.poll(() => proceed.isEnabled()).toBe(true);
    await page
      .getByRole("checkbox", { name: `Select ${second.name} (${second.colors[1]})` })
      .uncheck();
    const summary = page.getByRole("list", { name: "Selected items" });
    await expect.poll(() => summary.getByRole("listitem").count()).toBe(1);
    await proceed.click();

    // Checkout: a Khulna address is Outside Dhaka, ৳120 below the free-delivery sub-total.
    await page.waitForURL(`${baseURL}/product-checkout`);
    const confirmOrder = page.getByRole("button", { name: "Confirm Order" });
    await expect.poll(() => confirmOrder.isDisabled()).toBe(true);
    await fillCheckout(page, { area: "Outside Dhaka" });
    const price = first.offerPrice ?? first.originalPrice;
    const charge = deliveryFor("Outside Dhaka", price);
    expect(taka(await page.getByTestId("sub-total").textContent())).toBe(price);
    expect(taka(await page.getByTestId("delivery-charge").textContent())).toBe(charge);
    expect(taka(await page.getByTestId("total").textContent())).toBe(price + charge);
    await expect.poll(() => confirmOrder.isEnabled()).toBe(true);
    await confirmOrder.click();

    await page.waitForURL(/\/order-success\?order=[\w-]+$/);
    await expect.poll(() => page.getByText("আপনার অর্ডারটি সফলভাবে সম্পন্ন হয়েছে!").count()).toBe(1);
    const kept = await readCart(page);
    expect(kept.map((i) => [i.id, i.color])).toEqual([[second._id, second.colors[1]]]);
    await expect.poll(() => page.getByRole("link", { name: "Cart, 1 item" }).count()).toBe(1);
    await page.context().close();
  });

  it("orders straight from a product page with Order Now, keeping colour, size and quantity", async () => {
    const product = products.find((p) => p.colors.length > 0 && p.sizes.length > 1);
    if (!product) throw new Error("the seed has no product with colours and sizes");
    const page = await phonePage();
    await page.goto(`${baseURL}/product-details/${product._id}`);
    const buyBox = page.getByTestId("buy-box");
    const size = product.sizes[1] as string;
    const colour = product.colors[0] as string;
    await buyBox
      .getByRole("group", { name: /^Size/ })
      .getByRole("button", { name: size, exact: true })
      .click();
    await buyBox
      .getByRole("group", { name: /^Colour/ })
      .getByRole("button", { name: colour, exact: true })
      .click();
    await buyBox.getByRole("button", { name: "Increase quantity" }).click();
    await buyBox.getByRole("button", { name: "Order Now" }).click();

    await page.waitForURL(`${baseURL}/product-checkout`);
    const lines = page.getByRole("list", { name: "Products" }).getByRole("listitem");
    await expect.poll(() => lines.count()).toBe(1);
    const line = (await lines.first().textContent()) ?? "";
    expect(line).toContain(`Colour: ${colour}`);
    expect(line).toContain(`Size: ${size}`);
    const price = product.offerPrice ?? product.originalPrice;
    await fillCheckout(page, { area: "Inside Dhaka" });
    expect(taka(await page.getByTestId("sub-total").textContent())).toBe(price * 2);
    expect(taka(await page.getByTestId("total").textContent())).toBe(
      price * 2 + deliveryFor("Inside Dhaka", price * 2),
    );
    expect(await readCart(page)).toEqual([]);
    await page.context().close();
  });
});
