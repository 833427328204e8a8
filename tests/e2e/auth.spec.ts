import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { expectDialog, hydrated, login, register, uniqueEmail } from "./auth-support";
import { DEMO_CUSTOMER, openDashboard } from "./orders-support";

describe("accounts: sign-up, sign-in, logout", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("registers a customer: home with a notice, then the customer dashboard", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const email = uniqueEmail("nadia");
    await page.goto(`${baseURL}/authentication/register`);
    await hydrated(page);
    expect(await page.getByLabel("Email").getAttribute("type")).toBe("email");
    expect(await page.getByRole("link", { name: "Login" }).getAttribute("href")).toBe(
      "/authentication/login",
    );
    await register(page, baseURL, { name: "Nadia Islam", email, password: "nadia-pass-2026" });
    await expectDialog(page, "Signup Successful", "Nadia Islam");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("JWT_ACCESS_TOKEN")))
      .toMatch(/^ey/);

    await page.goto(`${baseURL}/dashboard`);
    await page.getByRole("heading", { level: 1, name: /Nadia Islam/ }).waitFor();
    await page.getByRole("button", { name: "Open the dashboard menu" }).click();
    const menu = page.getByRole("navigation", { name: "Dashboard menu" });
    await menu.getByRole("link", { name: "Active Orders" }).waitFor();
    expect(await menu.getByRole("link").allTextContents()).toEqual([
      "Dashboards",
      "Active Orders",
      "My Shopping",
      "My Cancellations",
      "My Return",
    ]);
    expect(await page.getByRole("link", { name: "Go To Home" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: /Dark Mode|Light Mode/ }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Take a Product" }).getAttribute("href")).toBe(
      "/shop",
    );
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    // Unverified: the banner offers a new confirmation email.
    await page.getByRole("button", { name: "Resend verification email" }).click();
    await expectDialog(page, "Verification Email Sent");
    await page.close();
  });

  it("answers a taken email like a new one, without an account, and sends the visitor to sign in", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/authentication/register`);
    await hydrated(page);
    await register(page, baseURL, {
      name: "Copy Cat",
      email: "customer@haat.test",
      password: "whatever-2026",
    });
    // Better Auth's answer is the same as for a new email (decision 030,
    // server/auth/neutral-answers.db.test.ts) but carries no session: the page asks to sign in.
    await expectDialog(
      page,
      "Please Sign In",
      "If you already have one, sign in or reset your password.",
    );
    await expect.poll(() => new URL(page.url()).pathname).toBe("/authentication/login");
    expect(await page.evaluate(() => localStorage.getItem("JWT_ACCESS_TOKEN"))).toBeNull();
    await page.close();
  });

  it("returns to the page the user came from after login", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseURL}/dashboard`);
    await expect.poll(() => page.url()).toContain("/authentication/login?redirectTo=%2Fdashboard");
    await hydrated(page);
    await login(page, DEMO_CUSTOMER);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/dashboard");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await context.close();
  });

  it("goes home after login when redirectTo hides another host behind a tab or newline", async () => {
    for (const crafted of [
      "%2F%09%2Fevil.example",
      "%2F%0A%2Fevil.example",
      "%09%2F%2Fevil.example",
    ]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`${baseURL}/authentication/login?redirectTo=${crafted}`);
      await hydrated(page);
      expect(await page.getByRole("link", { name: "Register" }).getAttribute("href")).toBe(
        "/authentication/register",
      );
      await login(page, DEMO_CUSTOMER);
      await expect.poll(() => new URL(page.url()).pathname).toBe("/");
      expect(new URL(page.url()).host).toBe(new URL(baseURL).host);
      expect(errors, crafted).toEqual([]);
      await context.close();
    }
  });

  it("returns to the shop page that linked to the login page", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseURL}/authentication/login`, { referer: `${baseURL}/about-us` });
    await hydrated(page);
    await login(page, DEMO_CUSTOMER);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/about-us");
    await context.close();
  });

  it("shows Login Failed with the reason for a wrong password, then goes home (spec §8)", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/authentication/login`);
    await hydrated(page);
    await login(page, { email: "customer@haat.test", password: "not-the-password" });
    await expectDialog(page, "Login Failed", "Invalid email or password");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    await expectDialog(page, "Login Failed", "Invalid email or password");
    await page.close();
  });

  it("asks before logging out, then says so and forgets the API token", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const email = uniqueEmail("logout");
    await page.goto(`${baseURL}/authentication/register`);
    await hydrated(page);
    await register(page, baseURL, { name: "Rafi", email, password: "rafi-pass-2026" });
    await expectDialog(page, "Signup Successful");
    await page.goto(`${baseURL}/dashboard`);
    await hydrated(page);

    await page.getByRole("button", { name: "Logout" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.waitFor();
    expect(await confirm.locator("h2").textContent()).toBe("Are you sure you want to logout?");
    expect(await confirm.getByRole("button").allTextContents()).toEqual(["Yes, logout!", "Cancel"]);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/dashboard");

    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByRole("button", { name: "Yes, logout!" }).click();
    await expectDialog(page, "Logout Successful", "You have been successfully logged out.");
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("JWT_ACCESS_TOKEN")))
      .toBeNull();
    await page.goto(`${baseURL}/dashboard`);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/authentication/login");
    await context.close();
  });

  it("asks for an email before sending a reset link", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/authentication/forgot-password`);
    await hydrated(page);
    expect(await page.getByRole("link", { name: "Sign in" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Sign up" }).count()).toBe(1);
    await page.getByRole("button", { name: "Forgot" }).click();
    await expectDialog(
      page,
      "Email Required",
      "Please provide your email address to reset the password.",
    );
    await page.close();
  });

  it("says a dead reset link is dead when it is opened, before any password is typed", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/authentication/reset-password?token=not-a-real-token`);
    await hydrated(page);
    await page.getByRole("alert").filter({ hasText: "not valid or has expired" }).waitFor();
    expect(await page.getByLabel("New password", { exact: true }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Ask for a new link" }).count()).toBe(1);
    await page.close();
  });

  it("says Google sign-in is not set up when no provider is configured", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/authentication/register`);
    const button = page.getByRole("button", { name: "Continue with Google" });
    expect(await button.isDisabled()).toBe(true);
    expect(await page.getByText("Google sign-in is not set up on this shop.").count()).toBe(1);
    await page.close();
  });

  it("keeps customers out of admin APIs and other users' checks", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseURL}/authentication/login`);
    await hydrated(page);
    await login(page, DEMO_CUSTOMER);
    await expect.poll(() => new URL(page.url()).pathname).not.toBe("/authentication/login");
    // The token comes with the signed-in page's data (spec §4), just after the redirect.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("JWT_ACCESS_TOKEN")))
      .toMatch(/^ey/);
    const statuses = await page.evaluate(async () => {
      const token = localStorage.getItem("JWT_ACCESS_TOKEN");
      const bearer = { authorization: `Bearer ${token}` };
      return {
        users: (await fetch("/api/users")).status,
        otherAdmin: (await fetch("/api/admin/admin@haat.test")).status,
        ownAdmin: await (await fetch("/api/admin/customer@haat.test", { headers: bearer })).json(),
        ownCustomer: await (await fetch("/api/customer/customer@haat.test")).json(),
        promote: (
          await fetch("/api/updateUser/anything", {
            method: "PUT",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ role: "admin" }),
          })
        ).status,
      };
    });
    expect(statuses).toEqual({
      users: 403,
      otherAdmin: 403,
      ownAdmin: { admin: false },
      ownCustomer: { customer: true },
      promote: 403,
    });
    await context.close();
  });

  it("shows the admin menu to the seeded admin", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openDashboard(page, baseURL, "/dashboard");
    await login(page, { email: "admin@haat.test", password: "haat-admin-2026" });
    const menu = page.getByRole("navigation", { name: "Dashboard menu" });
    await menu.getByRole("link", { name: "All Users" }).waitFor();
    expect(await menu.getByRole("link").allTextContents()).toEqual([
      "Dashboards",
      "All Users",
      "All Products",
      "Pending Orders",
      "Unverified",
      "Confirmed Orders",
      "Cancelled Orders",
      "Delivered Orders",
      "Return Orders",
      "Blocked Numbers",
      "Failed Bookings",
      "Courier Areas",
      "Manage Slider",
      "Messages",
      "SMS & Email",
    ]);
    await context.close();
  });
});
