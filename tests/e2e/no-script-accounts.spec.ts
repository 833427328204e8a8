import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { uniqueEmail } from "./auth-support";
import { DEMO_CUSTOMER } from "./orders-support";

/**
 * The account pages with JavaScript off (issue 21 item 3): every form posts to its route action,
 * which redirects with the session cookie or renders the spec's words in the page.
 */
describe("accounts without JavaScript", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  async function noScriptPage() {
    context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 800 },
    });
    return context.newPage();
  }

  it("signs in and returns to the page that asked; a wrong password says Login Failed", async () => {
    const page = await noScriptPage();
    await page.goto(`${baseURL}/dashboard`);
    expect(page.url()).toContain("/authentication/login?redirectTo=%2Fdashboard");

    await page.getByLabel("Email").fill("customer@haat.test");
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    const failed = page.getByRole("alert").filter({ hasText: "Login Failed" });
    await failed.waitFor();
    expect(await failed.textContent()).toContain("Invalid email or password");
    expect(await page.getByLabel("Email").inputValue()).toBe("customer@haat.test");

    await page.getByLabel("Password", { exact: true }).fill(DEMO_CUSTOMER.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${baseURL}/dashboard`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    const cookies = await context.cookies();
    expect(cookies.some((c) => c.name.endsWith("session_token") && c.httpOnly)).toBe(true);

    // Logout is a form too: the session ends and home says so.
    await page.goto(`${baseURL}/about-us`);
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(/\/about-us\?notice=logged-out$/);
    await page.getByRole("status").filter({ hasText: "Logout Successful" }).waitFor();
    expect(await page.getByRole("link", { name: "Register / Login" }).count()).toBe(1);
    await context.close();
  });

  it("registers: home with the welcome notice, signed in", async () => {
    const page = await noScriptPage();
    const email = uniqueEmail("noscript");
    await page.goto(`${baseURL}/authentication/register`);
    await page.getByLabel("Name").fill("Tania Akter");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("tania-pass-2026");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.waitForURL(`${baseURL}/?notice=welcome`);
    const notice = page.getByRole("status").filter({ hasText: "Signup Successful" });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(`Tania Akter! We sent a link to ${email}`);
    expect(await page.getByRole("link", { name: "Dashboard" }).count()).toBe(1);

    // The dashboard asks to confirm the address; its Resend is a form too.
    await page.goto(`${baseURL}/dashboard`);
    await page.getByRole("button", { name: "Resend verification email" }).click();
    await page
      .getByText(`Verification Email Sent: Please check ${email} for the confirmation link.`)
      .waitFor();

    // The same email again (signed out): no second account, and the visitor is asked to sign in
    // (decision 030: the answer does not say whether the address has an account).
    await context.clearCookies();
    await page.goto(`${baseURL}/authentication/register`);
    await page.getByLabel("Name").fill("Tania Again");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("tania-pass-2026");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.waitForURL(`${baseURL}/authentication/login?notice=sign-in-instead`);
    await page.getByRole("status").filter({ hasText: "Please Sign In" }).waitFor();
    await context.close();
  });

  it("forgot password: no email is the spec's warning, an email goes home with the notice", async () => {
    const page = await noScriptPage();
    await page.goto(`${baseURL}/authentication/forgot-password`);
    await page.getByRole("button", { name: "Forgot" }).click();
    const warning = page.getByRole("alert").filter({ hasText: "Email Required" });
    await warning.waitFor();
    expect(await warning.textContent()).toContain(
      "Please provide your email address to reset the password.",
    );
    await page.getByLabel("Email").fill("customer@haat.test");
    await page.getByRole("button", { name: "Forgot" }).click();
    await page.waitForURL(`${baseURL}/?notice=reset-sent`);
    const notice = page.getByRole("status").filter({ hasText: "Password Reset Email Sent" });
    await notice.waitFor();
    // It closes itself after 3 seconds (spec §9), uncovering the header.
    await expect.poll(() => notice.isVisible(), { timeout: 8_000 }).toBe(false);
    await page.getByRole("link", { name: "Register / Login" }).click({ timeout: 2_000 });
    await context.close();
  });

  it("opens the dashboard's menu on a phone and logs out from it", async () => {
    context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto(`${baseURL}/authentication/login?redirectTo=%2Fdashboard`);
    await page.getByLabel("Email").fill("customer@haat.test");
    await page.getByLabel("Password", { exact: true }).fill(DEMO_CUSTOMER.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${baseURL}/dashboard`);
    const sidebar = page.locator("#dashboard-sidebar");
    expect(await sidebar.isVisible()).toBe(false);
    await page.getByLabel("Open the dashboard menu").click();
    await expect.poll(() => sidebar.isVisible()).toBe(true);
    await sidebar.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(/\/\?notice=logged-out$/);
    await page.getByRole("status").filter({ hasText: "Logout Successful" }).waitFor();
    expect(await page.getByRole("link", { name: "Register / Login" }).count()).toBe(1);
    await context.close();
  });
});
