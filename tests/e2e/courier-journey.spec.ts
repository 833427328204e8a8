import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSteadfast } from "~/server/testing/fake-couriers";
import { launchBrowser } from "../support/browser";
import { type ServerProcess, startServer } from "../support/server-process";
import { seededDataDir } from "../support/shop";
import { register, uniqueEmail } from "./auth-support";
import { fetchProducts } from "./checkout-support";
import {
  ADMIN,
  openDashboard,
  orderIdOf,
  orderRow,
  placeOrder,
  signedInPage,
} from "./orders-support";

const STEADFAST = { apiKey: "sf-e2e-key", secretKey: "sf-e2e-secret" };
const WEBHOOK_TOKEN = "sf-e2e-hook";

/**
 * Issue 23's journey: an admin confirms a Pending order, books it with (the fake) Steadfast, the
 * courier's webhook delivers it, and the customer's overview shows Delivered with the tracking
 * code. Its own server: the courier's address must be known when the server starts.
 */
describe("from Pending to the doorstep with Steadfast", () => {
  let server: ServerProcess;
  let steadfast: Awaited<ReturnType<typeof startFakeSteadfast>>;
  let browser: Browser;

  beforeAll(async () => {
    steadfast = await startFakeSteadfast(STEADFAST);
    server = await startServer(
      {
        AUTH_RATE_LIMIT: "off",
        RATE_LIMIT: "off",
        STEADFAST_API_URL: steadfast.url,
        STEADFAST_API_KEY: STEADFAST.apiKey,
        STEADFAST_SECRET_KEY: STEADFAST.secretKey,
        STEADFAST_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
      },
      // The demo catalogue without seeding it again.
      { dataDir: seededDataDir() },
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await steadfast?.close();
  });

  it("confirms, books, is delivered by the courier's webhook, and the customer sees it", async () => {
    const baseURL = server.url;
    const [product] = await fetchProducts(baseURL);
    if (!product) throw new Error("the demo catalogue has no products");

    // The customer registers and orders.
    const email = uniqueEmail("courier-journey");
    const customer: Page = await (await browser.newContext()).newPage();
    await register(customer, baseURL, { name: "Karim Ahmed", email, password: "journey-pass-1" });
    await customer.waitForURL((url) => !url.pathname.startsWith("/authentication"));
    const orderNumber = await placeOrder(customer, baseURL, product, email);

    // The admin confirms it from the Pending list, with the selection's Confirm.
    const admin = await signedInPage(browser, baseURL, ADMIN, { path: "/dashboard/pendingOrders" });
    const orderId = await orderIdOf(admin, orderNumber);
    await orderRow(admin, orderNumber)
      .getByRole("checkbox", { name: `Select order ${orderNumber}` })
      .check();
    await admin
      .getByRole("form", { name: "Selected orders" })
      .getByRole("button", { name: "Confirm", exact: true })
      .click();
    // Are you sure? first, as every status change asks (spec).
    await admin.getByText("Selected orders to be confirmed: 1.").waitFor();
    await admin.getByRole("button", { name: "Yes, confirm them!" }).click();
    await admin.getByRole("status").filter({ hasText: "Confirmed: 1 of 1 order" }).waitFor();

    // … and books it with Steadfast from its overview.
    await openDashboard(admin, baseURL, `/dashboard/order-overview/${orderId}`);
    await admin.getByRole("button", { name: `Book order ${orderNumber} with Steadfast` }).click();
    await admin.getByRole("status").filter({ hasText: "Booking with Steadfast queued" }).waitFor();
    const courier = admin.getByTestId("courier");
    await expect
      .poll(
        async () => {
          await admin.reload();
          return (await courier.textContent()) ?? "";
        },
        { timeout: 30_000, interval: 500 },
      )
      .toContain("Booked");
    const parcel = steadfast.parcels.find((p) => p.invoice === String(orderNumber));
    expect(parcel).toBeDefined();
    expect(await courier.textContent()).toContain(parcel?.trackingCode);

    // The courier delivers it and says so.
    const hook = await steadfast.notify(
      `${baseURL}/api/webhooks/steadfast`,
      WEBHOOK_TOKEN,
      String(orderNumber),
      "delivered",
    );
    expect(hook.status).toBe(200);

    // The customer's own overview: Delivered, with the courier and the tracking code.
    await openDashboard(customer, baseURL, `/dashboard/order-overview/${orderId}`);
    expect(await customer.getByRole("heading", { name: "Delivery" }).isVisible()).toBe(true);
    expect(await customer.getByTestId("tracking-code").textContent()).toBe(parcel?.trackingCode);
    expect(await customer.locator("main").textContent()).toContain("Delivered");
  });

  it("works without scripts: select two Pending orders, confirm them, print their labels", async () => {
    const baseURL = server.url;
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseURL}/authentication/login?redirectTo=%2Fdashboard%2FpendingOrders`);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard/pendingOrders");
    const boxes = page.getByRole("checkbox", { name: /^Select order \d+$/ });
    expect(await boxes.count()).toBeGreaterThanOrEqual(2);
    const picked = await Promise.all(
      [0, 1].map(async (i) => (await boxes.nth(i).getAttribute("aria-label"))?.replace(/\D+/g, "")),
    );
    await boxes.nth(0).check();
    await boxes.nth(1).check();

    // Labels open in a new tab: a plain GET of the selection.
    const bulk = page.getByRole("form", { name: "Selected orders" });
    const [labels] = await Promise.all([
      context.waitForEvent("page"),
      bulk.getByRole("button", { name: "Print labels (4×6 in)" }).click(),
    ]);
    await labels.waitForLoadState();
    expect(new URL(labels.url()).pathname).toBe("/dashboard/print/labels");
    for (const number of picked) {
      const label = labels.getByRole("article", { name: `Label for order ${number}` });
      expect(await label.textContent()).toContain(`Order #${number}`);
      expect(await label.locator("svg").count()).toBe(1);
    }
    expect(await labels.locator("style").allTextContents()).toContainEqual(
      expect.stringContaining("size: 4in 6in"),
    );

    await bulk.getByRole("button", { name: "Confirm", exact: true }).click();
    await page.getByText("Selected orders to be confirmed: 2.").waitFor();
    await page.getByRole("button", { name: "Yes, confirm them!" }).click();
    await page.getByRole("status").filter({ hasText: "Confirmed: 2 of 2 orders" }).waitFor();
    await page.goto(`${baseURL}/dashboard/confirmedOrders`);
    for (const number of picked) {
      expect(await orderRow(page, number ?? "").count()).toBe(1);
    }
    await context.close();
  });
});
