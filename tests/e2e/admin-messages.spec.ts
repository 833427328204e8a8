import { randomBytes } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { axeViolations, login } from "./auth-support";
import { DEMO_CUSTOMER, openDashboard } from "./orders-support";

describe("an admin reads the messages sent from Contact us", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("sees a visitor's message as new, marks it read, and a customer cannot open the page", async () => {
    const subject = `Delivery to Khulna ${randomBytes(3).toString("hex")}`;
    const visitor = await browser.newPage();
    await visitor.goto(`${baseURL}/contact-us`);
    await visitor.locator("main[data-hydrated]").waitFor();
    await visitor.getByLabel("Name").fill("Nasima Akter");
    await visitor.getByLabel("Email").fill("nasima@example.com");
    await visitor.getByLabel("Phone Number").fill("01812345678");
    await visitor.getByLabel("Subject").fill(subject);
    await visitor.getByLabel("Description").fill("Do you deliver <b>to</b> Khulna?\nThanks.");
    await visitor.getByRole("button", { name: "Send Message" }).click();
    await visitor.getByRole("dialog", { name: "Message Sent!" }).waitFor();
    await visitor.close();

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await openDashboard(page, baseURL, "/dashboard/messages");
    await login(page, { email: "admin@haat.test", password: "haat-admin-2026" });
    await page.getByRole("heading", { level: 1, name: "Messages" }).waitFor();
    const card = page.getByRole("listitem").filter({ hasText: subject });
    await card.waitFor();
    expect(await card.getByText("New", { exact: true }).count()).toBe(1);
    // The description is shown as text, never as HTML.
    expect(await card.getByText("Do you deliver <b>to</b> Khulna?", { exact: false }).count()).toBe(
      1,
    );
    expect(
      await card.getByRole("link", { name: "nasima@example.com" }).getAttribute("href"),
    ).toMatch(/^mailto:nasima@example\.com\?subject=Re%3A%20/);
    expect(await card.getByRole("link", { name: "01812345678" }).getAttribute("href")).toBe(
      "tel:01812345678",
    );
    expect(await axeViolations(page)).toEqual([]);

    await card.getByRole("button", { name: "Mark as read" }).click();
    await card.getByRole("button", { name: "Mark as unread" }).waitFor();
    expect(await card.getByText("New", { exact: true }).count()).toBe(0);
    await page.reload();
    await page
      .getByRole("listitem")
      .filter({ hasText: subject })
      .getByRole("button", { name: "Mark as unread" })
      .waitFor();

    // The button is a form posting to the page's action: it works without JavaScript too.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    await noScript.addCookies(await context.cookies());
    const plain = await noScript.newPage();
    await plain.goto(`${baseURL}/dashboard/messages`);
    const plainCard = plain.getByRole("listitem").filter({ hasText: subject });
    await plainCard.getByRole("button", { name: "Mark as unread" }).click();
    await plain.waitForLoadState();
    await plain
      .getByRole("listitem")
      .filter({ hasText: subject })
      .getByRole("button", { name: "Mark as read" })
      .waitFor();
    await noScript.close();
    await context.close();

    const customer = await browser.newContext();
    const customerPage = await customer.newPage();
    await openDashboard(customerPage, baseURL, "/dashboard/messages");
    await login(customerPage, DEMO_CUSTOMER);
    await customerPage
      .getByRole("heading", { name: "You do not have access to this page" })
      .waitFor();
    expect(await customerPage.getByText(subject).count()).toBe(0);
    await customer.close();
  });
});
