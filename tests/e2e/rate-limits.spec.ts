import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "~/server/rate-limit/rules";
import { launchBrowser } from "../support/browser";
import { type ServerProcess, startServer } from "../support/server-process";
import { seededDataDir } from "../support/shop";
import { expectDialog, hydrated, login } from "./auth-support";
import { cartItem, fetchProducts, fillCheckout, seedCart } from "./checkout-support";

/** What the shop says on every 429 (the wait is the rest of a 10-minute window). */
const TOO_MANY = /Too many requests\. Please try again in \d+ minutes?\./;

/**
 * The shared e2e server runs with RATE_LIMIT=off; these journeys need the limits, so they get a
 * server of their own. Earlier requests from the test itself use up a limit; then the customer
 * meets the refusal in the page.
 */
describe("a customer who hits a rate limit is told to wait", () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT: "on" }, { dataDir: seededDataDir() });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify(body),
    });

  const dialogOf = async (page: Page, title: string) => {
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.getByRole("heading").textContent()).toBe(title);
    return (await dialog.textContent()) ?? "";
  };

  it("checkout: the 6th order for one phone from one address shows the wait and keeps the cart", async () => {
    const [product] = await fetchProducts(server.url);
    if (!product) throw new Error("the shop has no products");
    const item = cartItem(product);
    // fillCheckout's mobile number, from this one address: five orders use up its 10-minute
    // allowance (docs/decisions/048).
    for (let i = 0; i < RATE_LIMITS.orderPerAddressAndPhone.max; i++) {
      const res = await post("/api/postOrder", {
        products: [item],
        customerData: {
          name: "Karim Ahmed",
          email: "karim@example.com",
          mobileNumber: "01812345678",
          district: "ঢাকা",
          thana: "মিরপুর",
          address: "House 7",
          deliveryArea: "Inside Dhaka",
        },
      });
      expect(res.status, await res.text()).toBe(201);
    }

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await seedCart(page, server.url, [item]);
    await page.goto(`${server.url}/cart`);
    await page.getByRole("checkbox", { name: "Select all" }).check();
    await page.getByRole("button", { name: "Proceed To Checkout" }).click();
    await page.waitForURL(/\/product-checkout$/);
    await fillCheckout(page);
    // Confirm Order posts to the checkout's action (the 429 and its Retry-After are checked in
    // app/routes/cart/checkout.db.test.ts); the visitor is told how long to wait.
    await page.getByRole("button", { name: "Confirm Order" }).click();
    expect(await dialogOf(page, "Error")).toMatch(TOO_MANY);
    expect(page.url()).toMatch(/\/product-checkout$/);
    await page.close();
  });

  it("contact: past 10 messages from one address in 10 minutes the form is refused", async () => {
    // Ten messages from this machine, each from another sender. The browser shares the address,
    // so the form's action must count by the connection's address (getLoadContext) to refuse it.
    for (let i = 0; i < 10; i++) {
      const res = await post("/api/contact", {
        name: "Rahim",
        email: `sender${i}@example.com`,
        phoneNumber: `0171234567${i}`,
        subject: "Delivery",
        description: "How long to Sylhet?",
      });
      expect(res.status).toBe(201);
    }
    const page = await browser.newPage();
    await page.goto(`${server.url}/contact-us`);
    await page.locator("main[data-hydrated]").waitFor();
    await page.getByLabel("Name").fill("Rahim Uddin");
    await page.getByLabel("Email").fill("Rahim@Example.com");
    await page.getByLabel("Phone Number").fill("01912345678");
    await page.getByLabel("Subject").fill("Delivery");
    await page.getByLabel("Description").fill("Still waiting for an answer");
    await page.getByRole("button", { name: "Send Message" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Message Not Sent" });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(TOO_MANY);
    // What the visitor typed stays, to send later.
    expect(await page.getByLabel("Description").inputValue()).toBe("Still waiting for an answer");
    await page.close();
  });

  it("login: the 11th attempt on one email in 10 minutes says how long to wait", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await post("/api/auth/sign-in/email", {
        email: "target@example.com",
        password: `guess-number-${i}`,
      });
      expect(res.status).toBe(401);
    }
    const page = await browser.newPage();
    await page.goto(`${server.url}/authentication/login`);
    await hydrated(page);
    await login(page, { email: "target@example.com", password: "the-right-password" });
    await expectDialog(page, "Login Failed", "Too many requests. Please try again in");
    await page.close();
  });
});
