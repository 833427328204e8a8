import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, resizeAndSettle } from "../support/browser";
import { shop } from "../support/shop";
import {
  axeViolations,
  expectDialog,
  hydrated,
  register,
  signInThroughApi,
  uniqueEmail,
} from "./auth-support";

const ADMIN = { email: "admin@haat.test", password: "haat-admin-2026" };
/** Where the page's screenshots go, to be looked at (and kept under docs/screenshots). */
const SHOTS = process.env.SCREENSHOT_DIR ?? path.join(os.tmpdir(), "haat-screenshots");

describe("admin users page", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => browser?.close());

  async function signInAsAdmin(page: Page, query = "") {
    await signInThroughApi(page, baseURL, ADMIN);
    await page.goto(`${baseURL}/dashboard/allUsers${query}`);
    await page.getByRole("heading", { name: "All Users" }).waitFor();
    await hydrated(page);
  }

  async function searchFor(page: Page, text: string) {
    await page.getByLabel("Search users by name or email").fill(text);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === text);
  }

  /** The table row of the user with this email (not the "no match" row that quotes it). */
  function userRow(page: Page, email: string) {
    return page
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: email, exact: true }) });
  }

  async function expectToast(page: Page, text: string) {
    await page.getByRole("status").filter({ hasText: text }).waitFor();
  }

  async function confirmWith(page: Page, button: string, text?: string) {
    await expectDialog(page, "Are you sure?", text);
    await page.getByRole("alertdialog").getByRole("button", { name: button }).click();
  }

  it("promotes, demotes and deletes a new customer; the last admin stays", async () => {
    const customer = {
      name: "Nadia Promoted",
      email: uniqueEmail("promote"),
      password: "nadia-pass-2026",
    };
    const signup = await browser.newContext();
    const newcomer = await signup.newPage();
    await register(newcomer, baseURL, customer);
    await expectDialog(newcomer, "Signup Successful");
    await signup.close();

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInAsAdmin(page);
    expect(await page.locator("thead th").allTextContents()).toEqual([
      "#",
      "Name",
      "Email",
      "Role",
      "Action",
    ]);
    await userRow(page, ADMIN.email).getByText("(you)").waitFor();

    await searchFor(page, customer.email);
    const row = userRow(page, customer.email);
    expect(await row.getByRole("cell").nth(3).textContent()).toBe("Customer");

    await row.getByRole("button", { name: "Promote to Admin" }).click();
    await confirmWith(page, "Yes, promote");
    await expectToast(page, "User role updated successfully!");
    await row.getByRole("button", { name: "Demote to Customer" }).waitFor();
    expect(await row.getByRole("cell").nth(3).textContent()).toBe("Admin");

    await row.getByRole("button", { name: "Demote to Customer" }).click();
    await confirmWith(page, "Yes, demote");
    await expectToast(page, "User role updated successfully!");
    await row.getByRole("button", { name: "Promote to Admin" }).waitFor();
    expect(await row.getByRole("cell").nth(3).textContent()).toBe("Customer");

    await row.getByRole("button", { name: `Delete ${customer.name}` }).click();
    await confirmWith(page, "Yes, delete it!", "You won't be able to revert this!");
    await expectToast(page, "User deleted successfully");
    await row.waitFor({ state: "detached" });
    await page.getByText(`No user matches “${customer.email}”.`).waitFor();

    // The seeded admin is the only admin: demoting themself is refused with the server's reason.
    await searchFor(page, ADMIN.email);
    const own = userRow(page, ADMIN.email);
    await own.getByRole("button", { name: "Demote to Customer" }).click();
    await confirmWith(page, "Yes, demote");
    await expectDialog(page, "Failed to update user role", "The last admin cannot be demoted");
    await page.getByRole("button", { name: "OK" }).click();
    expect(await own.getByRole("cell").nth(3).textContent()).toBe("Admin");
    await context.close();
  });

  it("lets a cancelled confirmation change nothing", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInAsAdmin(page, "?q=customer%40haat.test");
    const row = userRow(page, "customer@haat.test");
    await row.getByRole("button", { name: "Delete Rahim Uddin" }).click();
    await expectDialog(page, "Are you sure?");
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    await page.reload();
    await row.waitFor();
    expect(await row.getByRole("cell").nth(3).textContent()).toBe("Customer");
    await context.close();
  });

  for (const theme of ["light", "dark"] as const) {
    it(`has no WCAG A/AA violations at 390 and 1280 px (${theme})`, async () => {
      const context = await browser.newContext({
        colorScheme: theme,
        viewport: { width: 390, height: 844 },
      });
      const page = await context.newPage();
      await signInAsAdmin(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      expect(await axeViolations(page)).toEqual([]);
      // The table scrolls sideways inside its box on a phone; the page itself does not.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await page.screenshot({ path: path.join(SHOTS, `admin-users-390-${theme}.png`) });
      // Once the sidebar has come to rest: not caught halfway through its slide-in.
      await resizeAndSettle(page, { width: 1280, height: 800 });
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `admin-users-1280-${theme}.png`) });

      await page.getByRole("button", { name: "Delete Rahim Uddin" }).click();
      await expectDialog(page, "Are you sure?");
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
      await context.close();
    });
  }
});
