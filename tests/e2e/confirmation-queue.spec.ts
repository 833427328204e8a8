import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { fetchProducts } from "./checkout-support";
import {
  ADMIN,
  freshPhone,
  guestPage,
  openDashboard,
  orderRow,
  placeApiOrder,
  sendFrom,
  signedInPage,
} from "./orders-support";

/** Issue 23 items 1–2: the Pending list as the confirmation queue, with each number's risk. */
describe("an admin works the confirmation queue", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;
  let page: Page;
  let guest: Page;

  async function placeOrder(phone: string, name: string) {
    // A product with plenty of every variant: other journeys on this server buy too (issue 22).
    const [product] = await fetchProducts(baseURL);
    if (!product) throw new Error("the seeded shop has no products");
    // A guest's order: one the admin placed would show on the admin's own lists.
    return placeApiOrder(
      guest,
      product,
      {
        name,
        email: "queue-journey@example.com",
        mobileNumber: phone,
        address: "House 7, Road 3",
      },
      page,
    );
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, baseURL, ADMIN);
    guest = await guestPage(browser, baseURL);
  });
  afterAll(async () => browser?.close());

  it("shows the Risky badge for a number with 3 returns; No answer takes an order out of the queue; Confirmed moves another on", async () => {
    // A number whose three earlier parcels came back.
    const refusing = freshPhone();
    for (let i = 0; i < 3; i++) {
      const earlier = await placeOrder(refusing, "Earlier Refuser");
      for (const status of ["Confirmed", "Shipping", "Delivered", "Return"]) {
        const moved = await sendFrom(page, "PUT", `/api/orderStatus/${earlier.id}`, { status });
        expect(moved.status).toBe(200);
      }
    }
    // A name typed without a space (it happens) must not push the row's buttons out of view.
    const risky = await placeOrder(refusing, `RiskyRahman${"Chowdhury".repeat(8)}`);
    const calm = await placeOrder(freshPhone(), "Calm Karim");

    // Pending Orders, the Risky filter: the new order from that number, flagged.
    await openDashboard(page, baseURL, "/dashboard/pendingOrders");
    await page.getByRole("link", { name: "Risky", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("calls") === "risky");
    const riskyRow = orderRow(page, risky.n);
    await riskyRow.waitFor();
    const risk = riskyRow.getByTestId("risk");
    expect(await risk.getByText("Risky", { exact: true }).isVisible()).toBe(true);
    expect(await risk.textContent()).toContain("4 orders, 0 delivered, 0 cancelled, 3 returned");
    expect(await riskyRow.locator(`a[href="tel:${refusing}"]`).count()).toBe(1);
    expect(await riskyRow.textContent()).toContain("Not called yet");
    // On a laptop beside the menu the whole row is in view: nothing to scroll sideways for.
    const overflow = await page.evaluate(() => {
      const table = document.querySelector("table");
      const box = table?.parentElement;
      return table && box ? table.scrollWidth - box.clientWidth : null;
    });
    expect(overflow).toBe(0);

    // No answer: recorded, and the order leaves the queue until its delay has passed.
    await riskyRow.getByRole("button", { name: `No answer: order ${risky.n}` }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Order #${risky.n}: No answer recorded.` })
      .waitFor();
    await riskyRow.waitFor({ state: "detached" });
    await openDashboard(page, baseURL, `/dashboard/pendingOrders?q=${refusing}`);
    expect(await orderRow(page, risky.n).count()).toBe(0);
    await openDashboard(page, baseURL, `/dashboard/pendingOrders?q=${refusing}&calls=no_answer`);
    const waiting = orderRow(page, risky.n);
    await waiting.waitFor();
    expect(await waiting.getByTestId("call-state").textContent()).toMatch(
      /^1 call, last .*: No answer$/,
    );

    // Another order: Confirmed moves it to Confirmed, with a history entry.
    await openDashboard(page, baseURL, `/dashboard/pendingOrders?q=${calm.id}`);
    const calmRow = orderRow(page, calm.n);
    await calmRow.getByRole("button", { name: `Confirmed: order ${calm.n}` }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Order #${calm.n}: Confirmed recorded; it is now Confirmed.` })
      .waitFor();
    await calmRow.waitFor({ state: "detached" });
    await openDashboard(page, baseURL, `/dashboard/order-overview/${calm.id}`);
    const history = page.getByRole("region", { name: "Status History" });
    expect(await history.textContent()).toContain("Pending → Confirmed");
    expect(await history.locator("li").count()).toBe(2);
    const calls = page.getByRole("region", { name: "Calls" });
    expect(await calls.getByTestId("calls").textContent()).toContain("Confirmed");
  });
});
