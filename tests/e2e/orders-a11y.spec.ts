import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { axeViolationsAtWidths } from "./auth-support";
import { ADMIN, listedNumbers, openDashboard, orderIdOf, signedInPage } from "./orders-support";

describe("the order screens are accessible in both themes", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const theme of ["light", "dark"] as const) {
    it(`has no WCAG A/AA violations on a list, an overview, an invoice and the home with its chart (${theme})`, async () => {
      const page = await signedInPage(browser, baseURL, ADMIN, {
        width: 390,
        colorScheme: theme,
        path: "/dashboard/confirmedOrders",
      });
      const [orderNumber] = await listedNumbers(page);
      if (!orderNumber) throw new Error("the seed has no confirmed order");
      const id = await orderIdOf(page, orderNumber);
      const paths = [
        "/dashboard",
        "/dashboard/confirmedOrders",
        `/dashboard/order-overview/${id}`,
        `/dashboard/order-overview/${id}/invoice/${id}`,
      ];
      for (const path of paths) {
        await page.setViewportSize({ width: 390, height: 900 });
        await openDashboard(page, baseURL, path);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        for (const found of await axeViolationsAtWidths(page, path)) {
          expect(found).toEqual({ where: found.where, violations: [] });
        }
      }
      await page.context().close();
    });
  }
});
