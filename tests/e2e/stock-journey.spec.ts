import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_BODY } from "~/server/testing/api-fixtures";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { expectDialog, hydrated } from "./auth-support";
import { searchProducts } from "./catalogue-support";
import { fillCheckout } from "./checkout-support";
import {
  ADMIN,
  openDashboard,
  orderIdOf,
  orderRow,
  runAction,
  signedInPage,
  UPDATED,
} from "./orders-support";

/**
 * Issue 22's journey: an admin sets a product's stock to 2 → a customer sees "Only 2 left" →
 * buys 2 → "Out of stock" (the choice and both buttons disabled) → an admin cancels the order →
 * back in stock. Placing the order takes the stock (h-stock's order work).
 */
describe("stock from the admin form to the doorstep (issue 22)", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;
  let admin: Page;
  let customer: Page;
  let productId = "";
  const name = `Stock journey bag ${Date.now()}`;

  const availability = () => customer.getByTestId("availability").textContent();
  const openProduct = async (query = "") => {
    await customer.goto(`${baseURL}/product-details/${productId}${query}`);
    await hydrated(customer);
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await signedInPage(browser, baseURL, ADMIN);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    customer = await context.newPage();
    // A product with colours and no sizes, added through the API, not tracked yet.
    productId = await admin.evaluate(
      async (body) => {
        const res = await fetch("/api/postProduct", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        return ((await res.json()) as { insertedId: string }).insertedId;
      },
      {
        ...PRODUCT_BODY,
        name,
        sizes: [],
        colors: ["Black", "Red"],
        offerPrice: null,
        originalPrice: 700,
      },
    );
  });
  afterAll(async () => browser?.close());

  it("an admin tracks the product with 2 Black and 0 Red in the form's stock grid", async () => {
    await openDashboard(admin, baseURL, `/dashboard/update/${productId}`);
    const grid = admin.getByTestId("stock-grid");
    await grid.getByRole("switch", { name: "Track stock" }).check();
    expect(await grid.locator("thead th").allTextContents()).toEqual(["", "Black", "Red"]);
    await grid.getByLabel("Pieces on hand of Black").fill("2");
    await grid.getByLabel("Pieces on hand of Red").fill("0");
    await admin.getByRole("button", { name: "Update" }).click();
    await expectDialog(admin, "Product Updated!", "Your product has been successfully updated.");
    await admin.waitForURL(`${baseURL}/dashboard/allProducts`);
    await admin.keyboard.press("Escape");
    await searchProducts(admin, name);
    const row = admin.locator(`tr[data-product-id="${productId}"]`);
    await expect.poll(() => row.locator('td[data-label="Stock"]').textContent()).toContain("2Low");
    // Its history: two adjustments by the admin.
    await row.getByRole("link", { name: `Stock history of ${name}` }).click();
    await admin.waitForURL(`${baseURL}/dashboard/stock/${productId}`);
    await admin.getByRole("heading", { name: `Stock of ${name}` }).waitFor();
    expect(await admin.locator("tbody tr").count()).toBe(1);
    expect(await admin.locator('tbody td[data-label="Change"]').allTextContents()).toEqual(["+2"]);
  });

  it("a customer sees Only 2 left, and the sold-out colour cannot be chosen", async () => {
    await openProduct();
    expect(await availability()).toBe("Only 2 left");
    const red = customer.getByRole("button", { name: "Red, sold out" });
    expect(await red.isDisabled()).toBe(true);
    await customer.getByRole("button", { name: "Black", exact: true }).click();
    expect(await availability()).toBe("Only 2 left");
    // The quantity stops at what is left.
    await customer.getByRole("button", { name: "Increase quantity" }).click();
    expect(await customer.getByRole("button", { name: "Increase quantity" }).isDisabled()).toBe(
      true,
    );
  });

  it("buys 2 → Out of stock → an admin cancels the order → back in stock", async () => {
    await customer.getByRole("button", { name: "Order Now" }).click();
    await customer.waitForURL(`${baseURL}/product-checkout`);
    await hydrated(customer);
    await fillCheckout(customer, { area: "Inside Dhaka", email: "stock-journey@example.com" });
    const confirm = customer.getByRole("button", { name: "Confirm Order" });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    await customer.waitForURL(/\/order-success\?order=[\w-]+$/);
    const shown = await customer.getByText(/Order number: #\d+/).textContent();
    const orderNumber = Number(/#(\d+)/.exec(shown ?? "")?.[1]);

    await openProduct();
    expect(await availability()).toBe("Out of stock");
    expect(await customer.getByRole("button", { name: "Black, sold out" }).isDisabled()).toBe(true);
    expect(await customer.getByRole("button", { name: "Add To Cart" }).isDisabled()).toBe(true);
    expect(await customer.getByRole("button", { name: "Order Now" }).isDisabled()).toBe(true);
    // Listings badge it.
    await customer.goto(`${baseURL}/shop?search=${encodeURIComponent(name)}`);
    await customer.getByTestId("sold-out-badge").first().waitFor();

    await openDashboard(admin, baseURL, "/dashboard/pendingOrders");
    const id = await orderIdOf(admin, orderNumber);
    await openDashboard(admin, baseURL, `/dashboard/pendingOrders?q=${id}`);
    await runAction(admin, orderRow(admin, orderNumber), "Cancel", UPDATED);

    await openProduct();
    expect(await availability()).toBe("Only 2 left");
    expect(await customer.getByRole("button", { name: "Order Now" }).isDisabled()).toBe(false);
  });
});
