import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, resizeAndSettle } from "../support/browser";
import { shop } from "../support/shop";
import { axeViolations, expectDialog, hydrated, register, uniqueEmail } from "./auth-support";
import { openDashboard } from "./orders-support";

describe("accounts pages are accessible in both themes", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const theme of ["light", "dark"] as const) {
    it(`has no WCAG A/AA violations on the auth pages and the dashboard (${theme})`, async () => {
      const context = await browser.newContext({
        colorScheme: theme,
        viewport: { width: 390, height: 844 },
      });
      const page = await context.newPage();
      for (const path of [
        "/authentication/register",
        "/authentication/login",
        "/authentication/forgot-password",
        "/authentication/reset-password?token=abc",
        "/authentication/reset-password",
      ]) {
        await page.goto(`${baseURL}${path}`);
        await hydrated(page);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
      }
      await register(page, baseURL, {
        name: "Axe Tester",
        email: uniqueEmail(`axe-${theme}`),
        password: "axe-pass-2026",
      });
      await expectDialog(page, "Signup Successful");
      await page.getByRole("button", { name: "OK" }).click();
      await openDashboard(page, baseURL, "/dashboard");
      expect({ path: "/dashboard", violations: await axeViolations(page) }).toEqual({
        path: "/dashboard",
        violations: [],
      });
      await resizeAndSettle(page, { width: 1280, height: 800 });
      expect({ path: "/dashboard wide", violations: await axeViolations(page) }).toEqual({
        path: "/dashboard wide",
        violations: [],
      });
      await context.close();
    });
  }
});
