import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOBILE_NUMBER_MESSAGE } from "~/core/phone";
import { PRODUCT_BODY } from "~/server/testing/api-fixtures";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { taka } from "./checkout-support";
import { ADMIN, signedInPage } from "./orders-support";

const SUCCESS_TEXT = "আপনার অর্ডারটি সফলভাবে সম্পন্ন হয়েছে!";

/**
 * Issue 21 item 3: with JavaScript off a guest opens a product, presses Order Now, fills the
 * checkout the server rendered and confirms: the order is placed at the server's price, a bad
 * phone number shows its message, a changed price shows the new figures.
 */
describe("checkout without JavaScript", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;
  let admin: Page;
  let guest: Page;
  let product: { id: string; price: number };

  /** The admin's API, from a page signed in with scripts. */
  const api = (path: string, method: string, body?: unknown) =>
    admin.evaluate(
      async ([path, method, body]) => {
        const res = await fetch(path as string, {
          method: method as string,
          headers: { "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, body: await res.json() };
      },
      [path, method, body] as const,
    );

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await signedInPage(browser, baseURL, ADMIN);
    // A product of this test's own, so changing its price disturbs no other test.
    const added = await api("/api/postProduct", "POST", {
      ...PRODUCT_BODY,
      name: "No-script Panjabi",
      sizes: ["M", "L"],
      colors: ["White"],
    });
    expect(added.status).toBe(201);
    product = { id: added.body.insertedId, price: PRODUCT_BODY.offerPrice as number };
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    guest = await context.newPage();
  });
  afterAll(async () => browser?.close());

  async function orderNow() {
    await guest.goto(`${baseURL}/product-details/${product.id}`);
    const box = guest.getByTestId("buy-box");
    // Order Now before choosing: the product page asks for the size.
    await box.getByRole("button", { name: "Order Now" }).click();
    await guest.waitForURL(/\/product-details\/.+ask=1/);
    expect(await box.getByText("Please choose a size").count()).toBe(1);
    await box.getByRole("group", { name: /^Size/ }).getByRole("button", { name: "L" }).click();
    await box
      .getByRole("group", { name: /^Colour/ })
      .getByRole("button", { name: "White" })
      .click();
    await box.getByRole("button", { name: "Increase quantity" }).click();
    expect(await box.getByRole("button", { name: "L", pressed: true }).count()).toBe(1);
    await box.getByRole("button", { name: "Order Now" }).click();
    await guest.waitForURL(/\/product-checkout\?/);
  }

  async function fill(mobile: string) {
    await guest.getByLabel("Customer Name", { exact: true }).fill("Karim Ahmed");
    await guest.getByLabel("Email", { exact: true }).fill("karim-noscript@example.com");
    await guest.getByLabel("Mobile Number", { exact: true }).fill(mobile);
    await guest.getByLabel("District", { exact: true }).fill("খুলনা");
    await guest.getByLabel("Thana", { exact: true }).fill("রূপসা");
    await guest.getByLabel("Address", { exact: true }).fill("House 7, Road 2, Sonadanga");
    await guest.getByRole("radio", { name: /^Outside Dhaka/ }).check();
  }

  const confirm = () => guest.getByRole("button", { name: "Confirm Order" }).click();

  it("orders from a product page: Order Now, checkout, Confirm Order → the success page", async () => {
    await orderNow();
    const checkoutUrl = guest.url();
    const lines = guest.getByRole("list", { name: "Products" }).getByRole("listitem");
    expect(await lines.count()).toBe(1);
    expect(await lines.first().textContent()).toContain("Size: L");
    expect(taka(await guest.getByTestId("sub-total").textContent())).toBe(product.price * 2);

    // A bad phone number: the page comes back with its message and what was typed.
    await fill("0171234");
    await confirm();
    const mobileField = guest.getByLabel("Mobile Number", { exact: true });
    await guest.getByText(MOBILE_NUMBER_MESSAGE).waitFor();
    // The message is the field's own (aria-describedby), under it.
    expect(await mobileField.getAttribute("aria-invalid")).toBe("true");
    expect(await guest.getByLabel("Customer Name", { exact: true }).inputValue()).toBe(
      "Karim Ahmed",
    );
    expect(await mobileField.inputValue()).toBe("0171234");
    // Twelve digits: the spec's words.
    await mobileField.fill("018123456789");
    await guest.getByRole("radio", { name: /^Outside Dhaka/ }).check();
    await confirm();
    await guest.getByText("Number must be 11 digit").waitFor();

    await guest.getByLabel("Mobile Number", { exact: true }).fill("01812345678");
    await guest.getByRole("radio", { name: /^Outside Dhaka/ }).check();
    await confirm();
    await guest.waitForURL(/\/order-success\?order=[\w-]+$/);
    const main = guest.getByRole("main");
    expect(await main.innerText()).toContain(SUCCESS_TEXT);
    expect(await main.innerText()).toMatch(/Order number: #\d+/);
    expect(taka(await guest.getByTestId("success-total").textContent())).toBe(
      product.price * 2 + 120,
    );
    const items = main.getByRole("list", { name: "Ordered items" }).getByRole("listitem");
    expect(await items.first().textContent()).toContain("× 2");

    // The same checkout again (Back shows it anew, as the browser filled it in): Confirm Order
    // asks before ordering the same twice, and places it when pressed once more.
    const placed = guest.url();
    await guest.goto(checkoutUrl);
    await fill("01812345678");
    await confirm();
    await guest.getByText(/You placed this same order a few minutes ago \(order #\d+\)/).waitFor();
    expect(new URL(guest.url()).pathname).toBe("/product-checkout");
    await confirm();
    await guest.waitForURL(/\/order-success\?order=[\w-]+$/);
    expect(guest.url()).not.toBe(placed);
  });

  it("says what needs scripts instead of loading for ever: the cart and Add To Cart", async () => {
    await guest.goto(`${baseURL}/cart`);
    await guest
      .getByRole("alert")
      .filter({ hasText: "use Order Now on a product's page" })
      .waitFor();
    expect(await guest.locator("[aria-busy=true]").isVisible()).toBe(false);
    await guest.goto(`${baseURL}/product-details/${product.id}`);
    // (Playwright's text queries skip <noscript>, which is what shows here.)
    expect(await guest.getByTestId("buy-box").locator("noscript p").innerText()).toBe(
      "Add To Cart needs JavaScript, which is off in this browser; Order Now works without it.",
    );
    // A success link that names no order says so, as it does with scripts.
    await guest.goto(`${baseURL}/order-success?order=nope`);
    await guest.getByRole("heading", { name: "No order was placed here" }).waitFor();
    expect(await guest.locator("[aria-busy=true]").isVisible()).toBe(false);
  });

  it("shows the new figures when the price changed after the checkout opened", async () => {
    await orderNow();
    await fill("01812345677");
    const newPrice = product.price - 100;
    const changed = await api(`/api/updateProduct/${product.id}`, "PATCH", {
      offerPrice: newPrice,
    });
    expect(changed.status).toBe(200);

    await confirm();
    await guest.getByText(/Prices have changed/).waitFor();
    expect(taka(await guest.getByTestId("sub-total").textContent())).toBe(newPrice * 2);
    expect(new URL(guest.url()).pathname).toBe("/product-checkout");
    // Confirming again places the order at the new price.
    await confirm();
    await guest.waitForURL(/\/order-success\?order=[\w-]+$/);
    expect(taka(await guest.getByTestId("success-total").textContent())).toBe(newPrice * 2 + 120);
  });

  it("changes a line's quantity with − and + and keeps what was typed; Enter in a field confirms the order", async () => {
    await orderNow();
    await fill("01812345670");
    await guest.getByRole("button", { name: /^Increase quantity of/ }).click();
    const quantity = guest.getByRole("group", { name: /^Quantity of/ }).locator("output");
    await guest.waitForFunction((el) => el?.textContent === "3", await quantity.elementHandle());
    // (The test before lowered the price: the line's price is read off the page.)
    const unit = taka(await guest.getByTestId("sub-total").textContent()) / 3;
    expect([product.price, product.price - 100]).toContain(unit);
    // (Three of them may pass the free-delivery figure: the page's own total is the check.)
    const total = taka(await guest.getByTestId("total").textContent());
    expect(total).toBeGreaterThanOrEqual(unit * 3);
    expect(await guest.getByLabel("Customer Name", { exact: true }).inputValue()).toBe(
      "Karim Ahmed",
    );
    expect(await guest.getByLabel("Thana", { exact: true }).inputValue()).toBe("রূপসা");
    expect(await guest.getByRole("radio", { name: /^Outside Dhaka/ }).isChecked()).toBe(true);
    expect(new URL(guest.url()).pathname).toBe("/product-checkout");

    // The phone keyboard's Go (Enter) places the order; it is not the first line's −.
    await guest.getByLabel("Address", { exact: true }).press("Enter");
    await guest.waitForURL(/\/order-success\?order=[\w-]+$/);
    expect(taka(await guest.getByTestId("success-total").textContent())).toBe(total);
    const items = guest.getByRole("list", { name: "Ordered items" }).getByRole("listitem");
    expect(await items.first().textContent()).toContain("× 3");
  });

  it("warns of a line past the stock with Reduce, and Change goes back to the product's choices", async () => {
    const scarce = await api("/api/postProduct", "POST", {
      ...PRODUCT_BODY,
      name: "No-script Jamdani",
      sizes: ["M"],
      colors: ["White"],
      trackStock: true,
      stock: [{ size: "M", color: "White", quantity: 2 }],
    });
    expect(scarce.status).toBe(201);
    const id = scarce.body.insertedId as string;
    await guest.goto(`${baseURL}/product-checkout?product=${id}&size=M&color=White&quantity=2`);
    const change = await guest.getByRole("link", { name: "Change" }).getAttribute("href");
    expect(change).toBe(`/product-details/${id}?size=M&color=White&quantity=2`);
    await guest.getByLabel("Customer Name", { exact: true }).fill("Karim Ahmed");
    await guest.getByRole("button", { name: /^Increase quantity of/ }).click();
    const notice = guest.getByTestId("line-stock");
    await notice.waitFor();
    expect(await notice.innerText()).toContain("Only 2 left");
    expect(await guest.getByLabel("Customer Name", { exact: true }).inputValue()).toBe(
      "Karim Ahmed",
    );
    await notice.getByRole("button", { name: /^Reduce .* to 2$/ }).click();
    await guest.getByTestId("sub-total").waitFor();
    await guest.waitForFunction(() => !document.querySelector("[data-testid=line-stock]"));
    const quantity = guest.getByRole("group", { name: /^Quantity of/ }).locator("output");
    expect(await quantity.textContent()).toBe("2");
  });

  it("names the address's area when the one chosen is not it, and places the order at its charge", async () => {
    await orderNow();
    await fill("01812345679");
    // Khulna is outside Dhaka; the visitor ticks Inside Dhaka.
    await guest.getByRole("radio", { name: /^Inside Dhaka/ }).check();
    await confirm();
    await guest
      .getByText("The delivery charge follows your address (Outside Dhaka).", { exact: false })
      .waitFor();
    expect(await guest.getByText(/Prices have changed/).count()).toBe(0);
    expect(await guest.getByRole("radio", { name: /^Outside Dhaka/ }).isChecked()).toBe(true);
    expect(taka(await guest.getByTestId("delivery-charge").textContent())).toBe(120);
    const subTotal = taka(await guest.getByTestId("sub-total").textContent());
    await confirm();
    await guest.waitForURL(/\/order-success\?order=[\w-]+$/);
    expect(taka(await guest.getByTestId("success-total").textContent())).toBe(subTotal + 120);
  });
});
