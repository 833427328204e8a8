import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FREE_DELIVERY_OVER } from "~/core/delivery";
import { launchBrowser } from "../support/browser";
import { type ServerProcess, startServer } from "../support/server-process";
import { seededDataDir, shop } from "../support/shop";
import { axeViolations, hydrated } from "./auth-support";
import { cartItem, fetchProducts, fillCheckout, seedCart, taka } from "./checkout-support";

type ApiProduct = Awaited<ReturnType<typeof fetchProducts>>[number];

const priceOf = (p: ApiProduct) => p.offerPrice ?? p.originalPrice;

/**
 * Issue 20, items 13, 14, 18, 19, 22 and 24 as a customer sees them: the delivery area follows
 * the address, free delivery is shown and kept, Bengali digits are taken, districts are in
 * Bengali order and can be typed, and /order-success tells what was (or was not) ordered.
 */
describe("delivery, free delivery and typed numbers at checkout", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;
  let products: ApiProduct[];
  /** A product below the threshold, and how many of it reach free delivery. */
  let cheap: ApiProduct;
  let freeQuantity: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    products = await fetchProducts(baseURL);
    cheap = products.find(
      (p) => priceOf(p) >= 300 && priceOf(p) < 2000 && p.sizes.length === 0,
    ) as ApiProduct;
    expect(cheap, "the demo catalogue has a product between ৳300 and ৳2,000").toBeTruthy();
    freeQuantity = Math.ceil(DEFAULT_FREE_DELIVERY_OVER / priceOf(cheap));
  });
  afterAll(async () => browser?.close());

  async function checkoutWith(items: unknown[], width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await seedCart(page, baseURL, []);
    await page.evaluate(
      (list) => window.sessionStorage.setItem("checkoutProducts", JSON.stringify(list)),
      items,
    );
    await page.goto(`${baseURL}/product-checkout`);
    await hydrated(page);
    await expect.poll(() => page.getByLabel("District", { exact: true }).isEnabled()).toBe(true);
    return page;
  }

  const radio = (page: Page, area: string) =>
    page.getByRole("radio", { name: new RegExp(`^${area}`) });

  it("selects the delivery area from the district and thana and offers no contradicting one", async () => {
    const page = await checkoutWith([cartItem(cheap)]);
    const district = page.getByLabel("District", { exact: true });
    const thana = page.getByLabel("Thana", { exact: true });
    const charge = page.getByTestId("delivery-charge");

    // Chattogram: Outside Dhaka, and Inside Dhaka cannot be chosen (it was accepted at ৳60).
    await district.fill("চট্টগ্রাম");
    await expect.poll(() => radio(page, "Outside Dhaka").isChecked()).toBe(true);
    expect(await radio(page, "Inside Dhaka").isDisabled()).toBe(true);
    expect(taka(await charge.textContent())).toBe(120);

    // Dhaka city's Mirpur is Inside Dhaka; Savar, in Dhaka district outside the city, is not.
    await district.fill("ঢাকা");
    expect(await thana.inputValue()).toBe("");
    await thana.fill("মিরপুর");
    await expect.poll(() => radio(page, "Inside Dhaka").isChecked()).toBe(true);
    expect(await radio(page, "Outside Dhaka").isDisabled()).toBe(true);
    expect(taka(await charge.textContent())).toBe(60);
    await thana.fill("সাভার");
    await expect.poll(() => radio(page, "Outside Dhaka").isChecked()).toBe(true);
    expect(await radio(page, "Inside Dhaka").isDisabled()).toBe(true);
    expect(taka(await charge.textContent())).toBe(120);
    // The typed place fields, the disabled area and its hint pass axe.
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("lists districts in Bengali order and takes a typed district or thana in either script", async () => {
    const page = await checkoutWith([cartItem(cheap)], 390);
    const options = await page
      .getByTestId("district-options")
      .locator("option")
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(options).toHaveLength(64);
    expect(options).toEqual([...options].sort(new Intl.Collator("bn").compare));
    // Sorted by English spelling, Bagerhat (বাগেরহাট) came first.
    expect(options[0]).not.toBe("বাগেরহাট");

    const district = page.getByLabel("District", { exact: true });
    await district.fill("sylhet");
    await expect.poll(() => district.inputValue()).toBe("সিলেট");
    await district.fill("ঢাকা");
    const thana = page.getByLabel("Thana", { exact: true });
    await thana.fill("Dhanmondi");
    await expect.poll(() => thana.inputValue()).toBe("ধানমন্ডি");
    // A name that is not on the list is not taken as a place.
    await district.fill("Atlantis");
    await district.blur();
    await expect.poll(() => page.getByText("Choose a district from the list").count()).toBe(1);
    await page.context().close();
  });

  it("takes Bengali digits in the mobile number, typed or pasted, and hints the 01[3-9] rule", async () => {
    const page = await checkoutWith([cartItem(cheap)], 390);
    const mobile = page.getByLabel("Mobile Number", { exact: true });
    await mobile.pressSequentially("০১৭১২৩৪৫৬৭৮");
    expect(await mobile.inputValue()).toBe("01712345678");
    await mobile.fill("");
    // fill() inserts the whole text at once, as a paste does.
    await mobile.fill("০১৮১২৩৪৫৬৭৮");
    expect(await mobile.inputValue()).toBe("01812345678");
    await mobile.fill("01212345678");
    await mobile.blur();
    await expect.poll(() => page.getByText("01 then 3–9 then 8 more digits").count()).toBe(1);
    await page.context().close();
  });

  it("takes Bengali digits in the contact form's phone number", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    await page.goto(`${baseURL}/contact-us`);
    await hydrated(page);
    const phone = page.getByLabel(/^Phone Number/);
    await phone.pressSequentially("০১৭১২৩৪৫৬৭৮");
    expect(await phone.inputValue()).toBe("01712345678");
    await page.close();
  });

  it("says how much more earns free delivery, delivers free from ৳5,000 and says so after the order", async () => {
    // The cart: every line ticked, and the free-delivery line follows its total.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const cartPage = await context.newPage();
    await seedCart(cartPage, baseURL, [cartItem(cheap)]);
    await cartPage.goto(`${baseURL}/cart`);
    const note = cartPage.getByTestId("free-delivery");
    await expect
      .poll(() => note.textContent())
      .toBe(
        `Add ৳${(DEFAULT_FREE_DELIVERY_OVER - priceOf(cheap)).toLocaleString("en-US")} more for free delivery`,
      );
    await seedCart(cartPage, baseURL, [cartItem(cheap, { quantity: freeQuantity })]);
    await cartPage.reload();
    await expect.poll(() => note.textContent()).toBe("Free delivery");
    await context.close();

    const page = await checkoutWith([cartItem(cheap, { quantity: freeQuantity - 1 })]);
    await fillCheckout(page, { area: "Outside Dhaka" });
    const below = priceOf(cheap) * (freeQuantity - 1);
    expect(taka(await page.getByTestId("delivery-charge").textContent())).toBe(120);
    expect(await page.getByTestId("free-delivery").textContent()).toBe(
      `Add ৳${(DEFAULT_FREE_DELIVERY_OVER - below).toLocaleString("en-US")} more for free delivery`,
    );
    await page.getByRole("button", { name: /^Increase quantity/ }).click();
    const subTotal = priceOf(cheap) * freeQuantity;
    await expect
      .poll(() => page.getByTestId("delivery-charge").textContent())
      .toBe("Free delivery");
    expect(taka(await page.getByTestId("total").textContent())).toBe(subTotal);

    await page.getByRole("button", { name: "Confirm Order" }).click();
    await page.waitForURL(/\/order-success\?order=[\w-]+$/);
    const main = page.getByRole("main");
    await expect.poll(() => main.innerText()).toContain("আপনার অর্ডারটি সফলভাবে সম্পন্ন হয়েছে!");
    // The number is the order's, not a figure from the URL: the URL names the order's random id.
    expect(await main.innerText()).toMatch(/Order number: #\d+/);
    const items = main.getByRole("list", { name: "Ordered items" }).getByRole("listitem");
    expect(await items.count()).toBe(1);
    expect(await items.first().textContent()).toContain(`× ${freeQuantity}`);
    expect(await page.getByTestId("success-delivery").textContent()).toBe("Free delivery");
    expect(taka(await page.getByTestId("success-total").textContent())).toBe(subTotal);
    expect(await axeViolations(page)).toEqual([]);
    // A reload keeps the summary: it lives in this tab's history entry.
    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.getByTestId("success-total").count()).toBe(1);
    await page.context().close();
  });

  it("says nothing was ordered when /order-success is opened directly", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/order-success?orderNumber=42`);
    await hydrated(page);
    const main = page.getByRole("main");
    await expect
      .poll(() => main.getByRole("heading", { level: 1 }).textContent())
      .toBe("No order was placed here");
    const text = await main.innerText();
    expect(text).not.toContain("Order placed");
    expect(text).not.toContain("আপনার অর্ডারটি সফলভাবে সম্পন্ন হয়েছে!");
    expect(text).not.toContain("#42");
    expect(await main.getByRole("link", { name: "Go to Cart" }).getAttribute("href")).toBe("/cart");
    await page.close();
  });
});

describe("a shop without free delivery (FREE_DELIVERY_OVER=0)", () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer(
        { FREE_DELIVERY_OVER: "0", AUTH_RATE_LIMIT: "off", RATE_LIMIT: "off" },
        { dataDir: seededDataDir() },
      ),
      launchBrowser(),
    ]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("neither promises free shipping nor gives it", async () => {
    const products = await fetchProducts(server.url);
    const product = products.find((p) => priceOf(p) >= 1000 && p.sizes.length === 0) as ApiProduct;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/product-details/${product._id}`);
    await page.locator("main[data-hydrated]").waitFor();
    expect(await page.getByRole("heading", { name: "7 Days Return", exact: true }).count()).toBe(1);
    expect(await page.getByRole("heading", { name: "Free Shipping", exact: true }).count()).toBe(0);
    expect(await page.getByText(/Free shipping on orders over/).count()).toBe(0);

    const quantity = Math.ceil(10_000 / priceOf(product));
    await seedCart(page, server.url, [cartItem(product, { quantity })]);
    await page.goto(`${server.url}/cart`);
    await hydrated(page);
    await expect.poll(() => page.getByTestId("cart-total").count()).toBe(1);
    expect(await page.getByTestId("free-delivery").count()).toBe(0);
    await page.getByRole("button", { name: "Proceed To Checkout" }).click();
    await page.waitForURL(/\/product-checkout$/);
    await fillCheckout(page, { area: "Outside Dhaka" });
    expect(taka(await page.getByTestId("delivery-charge").textContent())).toBe(120);
    expect(await page.getByTestId("free-delivery").count()).toBe(0);
    await page.close();
  });
});
