import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_DATA, PRODUCT_BODY } from "~/server/testing/api-fixtures";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { TOPPED_UP } from "../support/stock-top-up";
import { hydrated } from "./auth-support";
import {
  cartItem,
  fetchProducts,
  fillCheckout,
  readCart,
  seedCart,
  taka,
} from "./checkout-support";
import { ADMIN, openDashboard, orderRow, runAction, signedInPage } from "./orders-support";

type ApiProduct = Awaited<ReturnType<typeof fetchProducts>>[number];

/**
 * Issue 22's other two journeys: an admin marks a returned order received on the Return list and
 * its pieces come back (the product's stock history shows them), and a customer whose cart asks
 * for more than is left is told "Only N left" at checkout, reduces, and the order goes through.
 */
describe("stock comes back with a return, and checkout offers what is left (issue 22)", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;
  let admin: Page;
  let adminCookie = "";

  const api = async (method: string, path: string, body?: unknown, cookie = adminCookie) => {
    const res = await fetch(`${baseURL}/api${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        origin: baseURL,
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  /** A tracked product without sizes or colours, holding `pieces`; answers it as the API lists it. */
  const trackedProduct = async (name: string, pieces: number): Promise<ApiProduct> => {
    const made = await api("POST", "/postProduct", {
      ...PRODUCT_BODY,
      name,
      sizes: [],
      colors: [],
      offerPrice: null,
      originalPrice: 450,
      trackStock: true,
      stock: [{ size: "N/A", color: "N/A", quantity: pieces }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const read = await api("GET", `/product/${made.body.insertedId}`);
    return read.body.data as ApiProduct;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await signedInPage(browser, baseURL, ADMIN);
    const signIn = await fetch(`${baseURL}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseURL },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    expect(signIn.status).toBe(200);
    adminCookie = (signIn.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  });
  afterAll(async () => browser?.close());

  it("the journeys buy from seeded variants topped up by the e2e setup", async () => {
    const products = await fetchProducts(baseURL);
    const tracked = products.filter((p) => p.trackStock);
    expect(tracked.length).toBeGreaterThan(10);
    for (const p of tracked) {
      for (const level of p.stock ?? [])
        expect(level.quantity, p.name).toBeGreaterThan(TOPPED_UP - 1_000);
    }
  });

  it("an admin marks a returned order received on the Return list: its pieces are back in stock", async () => {
    const name = `Returned Jug ${randomBytes(3).toString("hex")}`;
    const product = await trackedProduct(name, 5);
    // A guest orders 2; the order is delivered, then comes back.
    const placed = await api(
      "POST",
      "/postOrder",
      {
        products: [cartItem(product, { quantity: 2 })],
        customerData: { ...CUSTOMER_DATA, email: "returns-journey@example.com" },
      },
      "",
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = String(placed.body.insertedId);
    const orderNumber = Number(placed.body.orderNumber);
    for (const status of ["Confirmed", "Delivered", "Return"]) {
      const moved = await api("PUT", `/orderStatus/${orderId}`, { status });
      expect(moved.status, `${status}: ${JSON.stringify(moved.body)}`).toBe(200);
    }
    const onHand = async () =>
      ((await api("GET", `/product/${product._id}`)).body.data as ApiProduct).stock?.[0]?.quantity;
    expect(await onHand()).toBe(3);

    await openDashboard(admin, baseURL, `/dashboard/returnOrders?q=${orderId}`);
    const row = orderRow(admin, orderNumber);
    await runAction(admin, row, "Return received", {
      sentence: `The goods of order #${orderNumber} are back`,
      title: "Updated!",
      text: "The return was received: its pieces are back in stock.",
    });
    // Received once: the button is gone, the order stays in Return.
    await expect.poll(() => row.getByRole("button", { name: "Return received" }).count()).toBe(0);
    // The row says the goods are back, and since when.
    expect(await row.getByTestId("return-received").textContent()).toMatch(
      /^Goods back in stock on \d{2} [A-Z][a-z]{2}, \d{4}$/,
    );
    expect(await onHand()).toBe(5);

    await openDashboard(admin, baseURL, `/dashboard/stock/${product._id}`);
    await admin.getByRole("heading", { name: `Stock of ${name}` }).waitFor();
    expect(await admin.getByTestId("stock-summary").textContent()).toContain("5 pieces on hand");
    const newest = admin.locator("tbody tr").first();
    expect(await newest.locator('td[data-label="Change"]').textContent()).toBe("+2");
    expect(await newest.locator('td[data-label="Reason"]').textContent()).toBe("Returned");
    expect(await newest.locator('td[data-label="Order"]').textContent()).toBe(`#${orderNumber}`);
    const taken = admin.locator("tbody tr").nth(1);
    expect(await taken.locator('td[data-label="Change"]').textContent()).toBe("−2");
    expect(await taken.locator('td[data-label="Reason"]').textContent()).toBe("Order placed");
  });

  it("checkout says Only 2 left for a line of 3, reduces it to 2, and the order goes through", async () => {
    const product = await trackedProduct(`Last Two Baskets ${randomBytes(3).toString("hex")}`, 2);
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await seedCart(page, baseURL, []);
    await page.evaluate(
      (items) => window.sessionStorage.setItem("checkoutProducts", JSON.stringify(items)),
      [cartItem(product, { quantity: 3 })],
    );
    await page.goto(`${baseURL}/product-checkout`);
    await hydrated(page);
    const notice = page.getByTestId("line-stock");
    await expect.poll(() => notice.textContent()).toContain("Only 2 left");
    const reduce = notice.getByRole("button", { name: `Reduce ${product.name} to 2` });
    expect(await reduce.textContent()).toBe("Reduce to 2");
    await reduce.click();
    await notice.waitFor({ state: "detached" });
    expect(taka(await page.getByTestId("sub-total").textContent())).toBe(2 * 450);

    await fillCheckout(page, { area: "Inside Dhaka", email: "last-two@example.com" });
    const confirm = page.getByRole("button", { name: "Confirm Order" });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    await page.waitForURL(/\/order-success\?order=[\w-]+$/);
    await page.getByText(/Order number: #\d+/).waitFor();

    await page.goto(`${baseURL}/product-details/${product._id}`);
    expect(await page.getByTestId("availability").textContent()).toBe("Out of stock");
    await context.close();
  });

  it("the cart leaves a sold-out line unticked, out of the total, and out of checkout", async () => {
    const gone = await trackedProduct(`Sold Out Kettle ${randomBytes(3).toString("hex")}`, 0);
    const kept = await trackedProduct(`Last Lamp ${randomBytes(3).toString("hex")}`, 5);
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await seedCart(page, baseURL, [cartItem(gone), cartItem(kept, { quantity: 2 })]);
    await page.goto(`${baseURL}/cart`);
    await hydrated(page);

    const goneLine = page.getByRole("listitem", { name: gone.name });
    await expect.poll(() => goneLine.getByTestId("line-stock").textContent()).toBe("Out of stock");
    const tick = page.getByRole("checkbox", { name: `Select ${gone.name}` });
    expect(await tick.isChecked()).toBe(false);
    expect(await tick.isDisabled()).toBe(true);
    // Select all is ticked: every line that can be ordered is.
    expect(await page.getByRole("checkbox", { name: "Select all" }).isChecked()).toBe(true);
    const summary = page.getByRole("list", { name: "Selected items" }).getByRole("listitem");
    expect(await summary.count()).toBe(1);
    expect(await summary.first().textContent()).toContain(kept.name);
    expect(taka(await page.getByTestId("cart-total").textContent())).toBe(2 * 450);

    await page.getByRole("button", { name: "Proceed To Checkout" }).click();
    await page.waitForURL(/\/product-checkout$/);
    const lines = page.getByRole("list", { name: "Products" }).getByRole("listitem");
    await expect.poll(() => lines.count()).toBe(1);
    expect(await lines.first().textContent()).toContain(kept.name);
    // The sold-out line stays in the cart: it may come back in stock.
    expect((await readCart(page)).map((line) => line.id)).toEqual([gone._id, kept._id]);
    await context.close();
  });
});
