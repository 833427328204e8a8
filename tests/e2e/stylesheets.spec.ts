import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { hydrated, signInThroughApi } from "./auth-support";
import { ADMIN, navigateInApp } from "./orders-support";

/** What the document holds of the shop's stylesheets (app/root.tsx, decisions 013 and 028). */
async function sheets(page: Page) {
  return page.evaluate(() => ({
    inline: document.querySelectorAll("style#haat-css").length,
    wholeApp: Array.from(document.querySelectorAll('link[rel="stylesheet"]')).filter((link) =>
      new URL((link as HTMLLinkElement).href).pathname.startsWith("/assets/dashboard-"),
    ).length,
  }));
}

/** Whether the whole app's sheet has loaded and applies to the page. */
async function wholeAppApplied(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Array.from(document.styleSheets).some(
      (sheet) =>
        new URL(sheet.href ?? "", location.href).pathname.startsWith("/assets/dashboard-") &&
        !sheet.disabled &&
        sheet.cssRules.length > 0,
    ),
  );
}

describe("the whole app's stylesheet, once per document (decisions 013 and 028)", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  /** Goes to `path` as a click on one of the shop's links does (no new document). */
  async function navigate(page: Page, path: string) {
    expect(await navigateInApp(page, baseURL, path)).toBe(true);
  }

  async function signedIn(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInThroughApi(page, baseURL, ADMIN);
    return page;
  }

  it("is linked once on a page first opened under /dashboard, and stays, once, on the storefront", async () => {
    const page = await signedIn();
    await page.goto(`${baseURL}/dashboard/allProducts`);
    expect(await sheets(page)).toEqual({ inline: 0, wholeApp: 1 });
    await hydrated(page);
    expect(await sheets(page)).toEqual({ inline: 0, wholeApp: 1 });
    expect(await wholeAppApplied(page)).toBe(true);

    await navigate(page, "/shop");
    expect(await sheets(page)).toEqual({ inline: 0, wholeApp: 1 });
    expect(await wholeAppApplied(page)).toBe(true);
    await navigate(page, "/dashboard/allProducts");
    expect(await sheets(page)).toEqual({ inline: 0, wholeApp: 1 });
    await page.context().close();
  });

  it("comes once with the dashboard on a visit begun on the storefront, and goes on the way back", async () => {
    const page = await signedIn();
    await page.goto(`${baseURL}/shop`);
    await hydrated(page);
    expect(await sheets(page)).toEqual({ inline: 1, wholeApp: 0 });

    await navigate(page, "/dashboard/allProducts");
    await expect.poll(() => sheets(page)).toEqual({ inline: 1, wholeApp: 1 });
    await expect.poll(() => wholeAppApplied(page)).toBe(true);

    await navigate(page, "/shop");
    await expect.poll(() => sheets(page)).toEqual({ inline: 1, wholeApp: 0 });
    await page.context().close();
  });
});
