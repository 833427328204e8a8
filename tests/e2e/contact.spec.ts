import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";

const MESSAGES = [
  "Name is required",
  "Email is required",
  "Phone Number is required",
  "Subject is required",
  "Description is required",
];

describe("a visitor writes to the shop from Contact us", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("sees the contact cards and the breadcrumb", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${baseURL}/contact-us`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Contact us");
    for (const card of ["WhatsApp", "Email", "Phone", "Address"]) {
      expect(
        await page.getByRole("heading", { level: 2, name: card, exact: true }).count(),
        card,
      ).toBe(1);
    }
    expect(await page.getByRole("link", { name: /@/ }).first().getAttribute("href")).toMatch(
      /^mailto:/,
    );
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await crumbs.getByRole("link").allTextContents()).toEqual(["Homepage"]);
    await page.close();
  });

  it("shows the five required messages by the fields on an empty submit", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/contact-us`);
    await page.locator("main[data-hydrated]").waitFor();
    await page.getByRole("button", { name: "Send Message" }).click();
    for (const message of MESSAGES) await page.getByText(message, { exact: true }).waitFor();
    expect(await page.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
    expect(
      await page
        .getByRole("textbox", { name: "Name" })
        .evaluate((e) => e === document.activeElement),
    ).toBe(true);
    // Typing in a field clears its message.
    await page.getByLabel("Name").fill("Rahim");
    await expect.poll(() => page.getByText("Name is required", { exact: true }).count()).toBe(0);
    await page.close();
  });

  it("sends a complete message, shows the notice and clears the form", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/contact-us`);
    await page.locator("main[data-hydrated]").waitFor();
    await page.getByLabel("Name").fill("Rahim Uddin");
    await page.getByLabel("Email").fill("rahim@example.com");
    await page.getByLabel("Phone Number").fill("01712345678");
    await page.getByLabel("Subject").fill("Delivery to Sylhet");
    await page.getByLabel("Description").fill("How many days does it take?");
    const posted = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().includes("contact-us"),
    );
    await page.getByRole("button", { name: "Send Message" }).click();
    expect((await posted).status()).toBe(200);
    await page.getByRole("dialog", { name: "Message Sent!" }).waitFor();
    await expect.poll(() => page.getByLabel("Name").inputValue()).toBe("");
    expect(await page.getByLabel("Description").inputValue()).toBe("");
    await page.close();
  });

  it("works without JavaScript: the server checks the form and stores it", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseURL}/contact-us`);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Enter a valid email address", { exact: true }).waitFor();
    for (const message of MESSAGES.filter((m) => !m.startsWith("Email"))) {
      expect(await page.getByText(message, { exact: true }).count(), message).toBe(1);
    }
    expect(await page.getByLabel("Email").inputValue()).toBe("not-an-email");

    await page.getByLabel("Name").fill("Karim");
    await page.getByLabel("Email").fill("karim@example.com");
    await page.getByLabel("Phone Number").fill("01812345678");
    await page.getByLabel("Subject").fill("Wholesale");
    await page.getByLabel("Description").fill("Do you sell in bulk?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("status").filter({ hasText: "Message Sent!" }).waitFor();
    expect(await page.getByLabel("Name").inputValue()).toBe("");
    await context.close();
  });

  it("accepts a message on POST /api/contact and refuses an incomplete one", async () => {
    const ok = await fetch(`${baseURL}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "API",
        email: "api@example.com",
        phoneNumber: "01912345678",
        subject: "Hello",
        description: "From a script",
      }),
    });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toEqual({ insertedId: expect.any(String) });
    const bad = await fetch(`${baseURL}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.error.issues.map((i: { message: string }) => i.message).sort()).toEqual(
      [...MESSAGES].sort(),
    );
  });
});
