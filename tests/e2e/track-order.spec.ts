import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { type ServerProcess, startServer } from "../support/server-process";
import { seededDataDir } from "../support/shop";
import { hydrated } from "./auth-support";
import { cartItem, fetchProducts } from "./checkout-support";
import { ADMIN, orderRow, sendFrom, signedInPage } from "./orders-support";

/**
 * Issue 24 items 1 and 4 (decision 060), on a server of its own with ORDER_OTP=all, in a
 * browser with JavaScript off: an order's success page asks for the code, the code is read from
 * the SMS outbox, and the order joins the admins' Pending queue; /track-order finds the order by
 * its number and phone and tells a wrong pair nothing.
 */
describe("tracking and order codes without JavaScript", () => {
  let server: ServerProcess;
  let browser: Browser;
  let guest: Page;
  const phone = "01912345670";

  beforeAll(async () => {
    server = await startServer({ ORDER_OTP: "all" }, { dataDir: seededDataDir() });
    browser = await launchBrowser();
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    guest = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  /** A guest's order through the API (the checkout's own journeys are elsewhere). */
  async function placeOrder(): Promise<{ insertedId: string; orderNumber: number }> {
    const [product] = await fetchProducts(server.url);
    if (!product) throw new Error("the shop has no products");
    const item = cartItem(product);
    const res = await fetch(`${server.url}/api/postOrder`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({
        products: [item],
        customerData: {
          name: "Karim Ahmed",
          email: "karim-otp@example.com",
          mobileNumber: phone,
          district: "ঢাকা",
          thana: "মিরপুর",
          address: "House 7, Secret Lane",
          deliveryArea: "Inside Dhaka",
        },
      }),
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.awaitingCode).toBe(true);
    return body;
  }

  /** The code of the order's SMS, as the outbox wrote it (no SMS_PROVIDER). */
  async function codeFromOutbox(orderNumber: number): Promise<string> {
    const dir = path.join(server.dataDir, "outbox", "sms");
    let code: string | undefined;
    await expect
      .poll(
        () => {
          const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
          for (const file of files) {
            const sms = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
            if (sms.event === "order_code" && sms.orderNumber === orderNumber) {
              expect(sms.to).toBe(phone);
              code = /(?<![#\d])(\d{6})(?!\d)/.exec(sms.text)?.[1];
            }
          }
          return code;
        },
        { timeout: 60_000 },
      )
      .toMatch(/^\d{6}$/);
    return code as string;
  }

  it("asks for the code on the success page; the code from the SMS makes the order Pending in the queue", async () => {
    const placed = await placeOrder();
    await guest.goto(`${server.url}/order-success?order=${placed.insertedId}`);
    const form = guest.getByRole("region", { name: /Confirm your order with the code/ });
    await form.waitFor();
    const code = await codeFromOutbox(placed.orderNumber);

    // A wrong code first: the page says so under the field, with the tries left.
    const wrong = code === "000000" ? "111111" : "000000";
    await form.getByLabel("Code from the SMS").fill(wrong);
    await form.getByRole("button", { name: "Confirm order" }).click();
    await guest.getByText("That code is not right. 4 tries left.").waitFor();

    // Not in the admins' queue yet, but in Unverified.
    const admin = await signedInPage(browser, server.url, ADMIN, {
      path: `/dashboard/pendingOrders?q=${placed.orderNumber}`,
    });
    expect(await orderRow(admin, placed.orderNumber).count()).toBe(0);
    await admin.goto(`${server.url}/dashboard/unverifiedOrders?q=${placed.orderNumber}`);
    expect(await orderRow(admin, placed.orderNumber).count()).toBe(1);

    await guest
      .getByRole("region", { name: /Confirm your order with the code/ })
      .getByLabel("Code from the SMS")
      .fill(code);
    await guest.getByRole("button", { name: "Confirm order" }).click();
    await guest.getByText("Your order is confirmed by its code").waitFor();
    expect(await guest.getByRole("region", { name: /Confirm your order/ }).count()).toBe(0);

    await admin.goto(`${server.url}/dashboard/pendingOrders?q=${placed.orderNumber}`);
    expect(await orderRow(admin, placed.orderNumber).count()).toBe(1);

    // The success page links to tracking with both values filled in.
    // (The footer's "Track Your Order" is the empty form; this one carries the order.)
    const track = guest
      .getByRole("main")
      .getByRole("link", { name: "Track your order", exact: true });
    expect(await track.getAttribute("href")).toBe(
      `/track-order?orderNumber=${placed.orderNumber}&phone=${phone}`,
    );
  });

  it("finds an order by number and phone from the footer's link; a wrong pair gets the one not-found", async () => {
    const placed = await placeOrder();
    await guest.goto(`${server.url}/`);
    await guest.getByRole("link", { name: "Track Your Order" }).click();
    await guest.waitForURL(/\/track-order$/);
    await guest.getByLabel("Order number").fill(String(placed.orderNumber));
    // Typed with the country code and Bengali digits.
    await guest.getByLabel("Phone number").fill("+৮৮০১৯১২৩৪৫৬৭০");
    await guest.getByRole("button", { name: "Track order" }).click();
    await guest.waitForURL(/\/track-order\?orderNumber=/);
    const order = guest.getByRole("article");
    await order
      .getByRole("heading", { name: new RegExp(`Order #${placed.orderNumber}`) })
      .waitFor();
    const history = order.getByRole("list", { name: "Status history" }).getByRole("listitem");
    expect(await history.count()).toBe(1);
    expect(await history.first().textContent()).toMatch(
      /Pending \d{2} \w{3}, \d{4}, \d{2}:\d{2} [ap]m/,
    );
    const text = await order.innerText();
    // The stored Bengali place names, with their English ones on an English page.
    expect(text).toContain("Mirpur (মিরপুর), Dhaka (ঢাকা)");
    for (const personal of ["Karim", "Secret Lane", "karim-otp@example.com", phone]) {
      expect(text).not.toContain(personal);
    }
    // This order still waits for its code: the page asks for it too.
    expect(await order.getByRole("region", { name: /Confirm your order/ }).count()).toBe(1);

    await guest.goto(
      `${server.url}/track-order?orderNumber=${placed.orderNumber}&phone=01712345678`,
    );
    const wrongPhone = await guest.getByTestId("track-failure").textContent();
    await guest.goto(`${server.url}/track-order?orderNumber=99999999&phone=${phone}`);
    const missing = await guest.getByTestId("track-failure").textContent();
    expect(wrongPhone).toContain("We found no order");
    expect(missing).toBe(wrongPhone);
    const res = await fetch(`${server.url}/track-order?orderNumber=99999999&phone=${phone}`);
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-page-cache")).toBeNull();
  });

  it("reads a tracked order again when its customer comes back to the tab (with JavaScript)", async () => {
    const placed = await placeOrder();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const customer = await context.newPage();
    await customer.goto(
      `${server.url}/track-order?orderNumber=${placed.orderNumber}&phone=${phone}`,
    );
    await hydrated(customer);
    const history = customer
      .getByRole("article")
      .getByRole("list", { name: "Status history" })
      .getByRole("listitem");
    expect(await history.count()).toBe(1);

    // The shop calls and confirms it while the customer is in another app.
    const admin = await signedInPage(browser, server.url, ADMIN);
    const confirmed = await sendFrom(admin, "PUT", `/api/orderStatus/${placed.insertedId}`, {
      status: "Confirmed",
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    await admin.context().close();

    await customer.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect.poll(() => history.count(), { timeout: 15_000 }).toBe(2);
    expect(await history.last().textContent()).toMatch(/^Confirmed/);
    await context.close();
  });
});
