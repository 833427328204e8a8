import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { signInThroughApi } from "./auth-support";
import {
  cartItem,
  deliveryFor,
  fetchProducts,
  fillCheckout,
  lineLabel,
  readCart,
  seedCart,
  taka,
} from "./checkout-support";
import { DEMO_CUSTOMER } from "./orders-support";

const SUCCESS_TEXT = "আপনার অর্ডারটি সফলভাবে সম্পন্ন হয়েছে!";

describe("a guest checks out", () => {
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
  const confirm = (page: Page) => page.getByRole("button", { name: "Confirm Order" });

  it("orders one of two cart lines Outside Dhaka and keeps the other in the cart", async () => {
    const colourful = products.filter((p) => p.colors.length >= 2);
    const [first, second] = colourful;
    if (!first || !second) throw new Error("the seed has no two products with two colours");
    const page = await newPage(1280);
    const wanted = cartItem(first, { color: first.colors[0], quantity: 2 });
    const kept = cartItem(second, { color: second.colors[1] });
    await seedCart(page, baseURL, [wanted, kept]);

    await page.goto(`${baseURL}/cart`);
    // Both lines start ticked: untick the one to keep for later.
    await page.getByRole("checkbox", { name: `Select ${lineLabel(kept)}` }).uncheck();
    const summary = page.getByRole("list", { name: "Selected items" });
    await expect.poll(() => summary.getByRole("listitem").count()).toBe(1);
    await page.getByRole("button", { name: "Proceed To Checkout" }).click();

    await page.waitForURL(/\/product-checkout$/);
    const lines = page.getByRole("list", { name: "Products" }).getByRole("listitem");
    await expect.poll(() => lines.count()).toBe(1);
    expect(await lines.first().textContent()).toContain(`Colour: ${wanted.color}`);
    await fillCheckout(page, { area: "Outside Dhaka" });

    const subTotal = taka(await page.getByTestId("sub-total").textContent());
    expect(subTotal).toBe(wanted.originalPrice * 2);
    const charge = deliveryFor("Outside Dhaka", subTotal);
    expect(taka(await page.getByTestId("delivery-charge").textContent())).toBe(charge);
    expect(taka(await page.getByTestId("total").textContent())).toBe(subTotal + charge);

    await expect.poll(() => confirm(page).isEnabled()).toBe(true);
    await confirm(page).click();
    await page.waitForURL(/\/order-success\?order=[\w-]+$/);
    await expect.poll(() => page.getByText(SUCCESS_TEXT).count()).toBe(1);
    // The page's Bengali sentence is marked as Bengali (the header's "বাংলা" link is too).
    expect(await page.locator("main [lang=bn]").first().textContent()).toContain(SUCCESS_TEXT);
    expect(await page.getByRole("link", { name: "Go to Homepage" }).getAttribute("href")).toBe("/");
    // Back leads to the cart, not to a fresh form of the same items that would order them again.
    await page.goBack();
    await page.waitForURL(/\/cart$/);

    expect(await readCart(page)).toEqual([kept]);
    await page.goto(`${baseURL}/cart`);
    await expect
      .poll(() => page.getByRole("link", { name: kept.name, exact: true }).count())
      .toBe(1);
    expect(await page.getByRole("link", { name: wanted.name, exact: true }).count()).toBe(0);
    await page.context().close();
  });

  it("shows two cart lines of one size and colour as one line and orders them together", async () => {
    const product = products.find((p) => p.colors.length >= 1) as (typeof products)[number];
    const line = cartItem(product, { color: product.colors[0] });
    const page = await newPage();
    // Add To Cart twice: the cart keeps two lines (spec §9).
    await seedCart(page, baseURL, [line, line]);
    await page.goto(`${baseURL}/cart`);
    await page.getByRole("button", { name: "Proceed To Checkout" }).click();
    await page.waitForURL(/\/product-checkout$/);
    const lines = page.getByRole("list", { name: "Products" }).getByRole("listitem");
    await expect.poll(() => lines.count()).toBe(1);
    expect(await lines.first().locator("output").textContent()).toBe("2");
    expect(taka(await page.getByTestId("sub-total").textContent())).toBe(line.originalPrice * 2);
    await fillCheckout(page, { area: "Inside Dhaka" });
    await confirm(page).click();
    await page.waitForURL(/\/order-success/);
    expect(await readCart(page)).toEqual([]);
    await page.context().close();
  });

  it("refuses a 12th digit with the alert 'Number must be 11 digit' and keeps digits only", async () => {
    const page = await newPage();
    await seedCart(page, baseURL, []);
    await page.evaluate(
      (items) => window.sessionStorage.setItem("checkoutProducts", JSON.stringify(items)),
      [cartItem(products[0] as (typeof products)[number])],
    );
    await page.goto(`${baseURL}/product-checkout`);
    const mobile = page.getByLabel("Mobile Number", { exact: true });
    expect(await mobile.getAttribute("inputmode")).toBe("numeric");
    await mobile.pressSequentially("-01a7123");
    expect(await mobile.inputValue()).toBe("017123");
    await mobile.pressSequentially("45678");
    expect(await mobile.inputValue()).toBe("01712345678");
    expect(await page.getByRole("alert").count()).toBe(0);
    await mobile.press("9");
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Number must be 11 digit");
    expect(await mobile.inputValue()).toBe("01712345678");

    await mobile.fill("01212345678");
    await mobile.blur();
    await expect.poll(() => page.getByText("Enter a Bangladesh mobile number").count()).toBe(1);

    // A number with the country code, typed a key at a time as on a phone's keypad.
    await mobile.fill("");
    await mobile.pressSequentially("+8801712345678");
    expect(await mobile.inputValue()).toBe("01712345678");
    expect(await page.getByText("Number must be 11 digit").count()).toBe(0);
    await page.context().close();
  });

  it("keeps the Order Now item after a reload and keeps Confirm Order disabled while a field is empty", async () => {
    const page = await newPage();
    const product =
      products.find((p) => p.sizes.length > 0) ?? (products[0] as (typeof products)[number]);
    const item = cartItem(product, { size: product.sizes[0] ?? "N/A", quantity: 3 });
    await seedCart(page, baseURL, []);
    await page.evaluate(
      (items) => window.sessionStorage.setItem("checkoutProducts", JSON.stringify(items)),
      [item],
    );
    await page.goto(`${baseURL}/product-checkout`);
    await page.reload();
    const lines = page.getByRole("list", { name: "Products" }).getByRole("listitem");
    await expect.poll(() => lines.count()).toBe(1);
    expect(await page.getByRole("link", { name: "Change" }).getAttribute("href")).toBe("/cart");
    expect(await page.getByRole("link", { name: "Homepage" }).getAttribute("href")).toBe("/");
    expect(await page.getByRole("link", { name: "Cancel Order" }).getAttribute("href")).toBe(
      `/product-details/${item.id}`,
    );
    expect(await page.getByRole("radio", { name: "Home" }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: "Cash On Delivery" }).isChecked()).toBe(true);

    // Quantity steppers: min 1, and the totals follow.
    const decrease = page.getByRole("button", { name: `Decrease quantity of ${lineLabel(item)}` });
    await decrease.click();
    await decrease.click();
    await expect.poll(() => decrease.isDisabled()).toBe(true);
    expect(taka(await page.getByTestId("sub-total").textContent())).toBe(item.originalPrice);

    expect(await confirm(page).isDisabled()).toBe(true);
    await fillCheckout(page, { area: "Inside Dhaka" });
    await expect.poll(() => confirm(page).isEnabled()).toBe(true);
    expect(taka(await page.getByTestId("delivery-charge").textContent())).toBe(
      deliveryFor("Inside Dhaka", item.originalPrice),
    );

    for (const label of ["Customer Name", "Email", "Mobile Number", "Address"]) {
      const field = page.getByLabel(label, { exact: true });
      const value = await field.inputValue();
      await field.fill("");
      await expect.poll(() => confirm(page).isDisabled(), { message: label }).toBe(true);
      await field.fill(value);
      await expect.poll(() => confirm(page).isEnabled(), { message: label }).toBe(true);
    }
    // A new district empties the thana choice; Confirm waits for a thana of that district.
    await page.getByLabel("District", { exact: true }).fill("খুলনা");
    expect(await page.getByLabel("Thana", { exact: true }).inputValue()).toBe("");
    await expect.poll(() => confirm(page).isDisabled()).toBe(true);
    const options = await page
      .getByTestId("thana-options")
      .locator("option")
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(options).toContain("রূপসা");
    expect(options).not.toContain("মিরপুর");
    await page.getByLabel("Thana", { exact: true }).fill("রূপসা");
    await expect.poll(() => confirm(page).isEnabled()).toBe(true);
    // The comment is optional.
    await page.getByLabel(/Comment/).fill("");
    expect(await confirm(page).isEnabled()).toBe(true);
    await page.context().close();
  });

  it("shows the current figures when a price changed, and places the order on a second confirm", async () => {
    const product = products.find((p) => p.colors.length > 0) as (typeof products)[number];
    const current = product.offerPrice ?? product.originalPrice;
    const stale = cartItem(product, { color: product.colors[0], originalPrice: current + 100 });
    const page = await newPage(1280);
    await seedCart(page, baseURL, [stale]);
    // The cart's read of today's prices does not get through (a flaky connection), so the cart
    // keeps the old figure and the server's answer to Confirm Order is what corrects it.
    await page.route("**/cart-stock*", (route) => route.abort());
    await page.goto(`${baseURL}/cart`);
    await page.getByRole("checkbox", { name: "Select all" }).check();
    await page.getByRole("button", { name: "Proceed To Checkout" }).click();
    await page.waitForURL(/\/product-checkout$/);
    await fillCheckout(page, { area: "Inside Dhaka" });
    expect(taka(await page.getByTestId("total").textContent())).toBe(
      current + 100 + deliveryFor("Inside Dhaka", current + 100),
    );

    await confirm(page).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("Prices have changed");
    expect(taka(await page.getByTestId("sub-total").textContent())).toBe(current);
    expect(taka(await page.getByTestId("total").textContent())).toBe(
      current + deliveryFor("Inside Dhaka", current),
    );
    expect(page.url()).toMatch(/\/product-checkout$/);
    expect(await page.getByLabel("Customer Name", { exact: true }).inputValue()).toBe(
      "Karim Ahmed",
    );
    // The cart shows the current price too, should the customer go back to it.
    expect((await readCart(page))[0]?.originalPrice).toBe(current);

    await confirm(page).click();
    await page.waitForURL(/\/order-success/);
    expect(await readCart(page)).toEqual([]);
    await page.context().close();
  });

  it("shows 'Failed to save order' and keeps the cart when the order cannot be saved", async () => {
    const page = await newPage(1280);
    const item = cartItem(products[1] as (typeof products)[number]);
    const gone = { ...item, id: "no-such-product", name: "Vanished Lamp" };
    await seedCart(page, baseURL, [gone]);
    await page.goto(`${baseURL}/cart`);
    await page.getByRole("checkbox", { name: "Select all" }).check();
    await page.getByRole("button", { name: "Proceed To Checkout" }).click();
    await page.waitForURL(/\/product-checkout$/);
    await fillCheckout(page);
    await confirm(page).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.getByRole("heading").textContent()).toBe("Error");
    expect(await dialog.textContent()).toContain("Failed to save order. Please try again.");
    expect(await page.getByText('Product "Vanished Lamp" is no longer available').count()).toBe(1);
    expect(await readCart(page)).toEqual([gone]);
    await page.context().close();
  });

  it("takes Order Now's navigation state { data } and leaves the cart alone after ordering", async () => {
    const product = products[3] as (typeof products)[number];
    const inCart = cartItem(product);
    const ordered = cartItem(product, { quantity: 2 });
    const page = await newPage(1280);
    await seedCart(page, baseURL, [inCart]);
    // What navigate("/product-checkout", checkoutNavigation([item])) leaves in the history entry,
    // without the session copy: the navigation state alone must carry the item.
    await page.evaluate((item) => {
      window.sessionStorage.clear();
      window.history.pushState(
        { usr: { data: [item] }, key: "ordernow", idx: 1 },
        "",
        "/product-checkout",
      );
    }, ordered);
    await page.reload();
    const lines = page.getByRole("list", { name: "Products" }).getByRole("listitem");
    await expect.poll(() => lines.count()).toBe(1);
    expect(taka(await page.getByTestId("sub-total").textContent())).toBe(ordered.originalPrice * 2);
    await fillCheckout(page, { area: "Inside Dhaka" });
    await confirm(page).click();
    await page.waitForURL(/\/order-success/);
    expect(await readCart(page)).toEqual([inCart]);
    await page.context().close();
  });

  it("sends one request for a double click and reuses the Idempotency-Key on a retry", async () => {
    const page = await newPage(1280);
    await seedCart(page, baseURL, []);
    await page.evaluate(
      (items) => window.sessionStorage.setItem("checkoutProducts", JSON.stringify(items)),
      [cartItem(products[4] as (typeof products)[number])],
    );
    const keys: string[] = [];
    let failNext = true;
    // Confirm Order posts the form to the checkout's action; the key travels in the form.
    await page.route("**/product-checkout.data*", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      keys.push(new URLSearchParams(route.request().postData() ?? "").get("idempotencyKey") ?? "");
      if (failNext) {
        failNext = false;
        await route.fulfill({ status: 503, contentType: "application/json", body: "{}" });
      } else await route.continue();
    });
    await page.goto(`${baseURL}/product-checkout`);
    await fillCheckout(page);
    await expect.poll(() => confirm(page).isEnabled()).toBe(true);
    // Two clicks before React re-renders: the second must not send a second request.
    await confirm(page).evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.getByRole("heading").textContent()).toBe("Error");
    expect(keys).toHaveLength(1);
    await dialog.getByRole("button", { name: "OK" }).click();
    await confirm(page).click();
    await page.waitForURL(/\/order-success/);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{8,100}$/);
    await page.context().close();
  });

  it("fills in a signed-in customer's name and email", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await signInThroughApi(page, baseURL, DEMO_CUSTOMER);
    await seedCart(page, baseURL, []);
    await page.evaluate(
      (items) => window.sessionStorage.setItem("checkoutProducts", JSON.stringify(items)),
      [cartItem(products[0] as (typeof products)[number])],
    );
    await page.goto(`${baseURL}/product-checkout`);
    const nameField = page.getByLabel("Customer Name", { exact: true });
    await expect.poll(() => nameField.inputValue()).toBe("Rahim Uddin");
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe("customer@haat.test");
    await context.close();
  });

  it("tells a visitor with nothing to check out where to go", async () => {
    const page = await newPage();
    await page.goto(`${baseURL}/product-checkout`);
    await expect
      .poll(() => page.getByRole("link", { name: "Go to Cart" }).getAttribute("href"))
      .toBe("/cart");
    await page.context().close();
  });
});
