import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { hydrated, signInThroughApi } from "./auth-support";
import { ADMIN } from "./orders-support";

/**
 * A list's "next page" link the server refuses (an old, cut or hand-edited `cursor`): the page
 * says what is wrong in the visitor's language and links to the list's first page, filters kept,
 * on the storefront and on the dashboard's tables alike.
 */
describe("a list page asked with a cursor the server refuses", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  async function expectFirstPageOffer(page: Page, path: string, texts: string[], first: string) {
    const answer = await page.goto(`${baseURL}${path}`);
    expect(answer?.status()).toBe(400);
    for (const text of texts) await page.getByText(text, { exact: true }).waitFor();
    const link = page.getByRole("link", { name: texts[2] });
    expect(await link.getAttribute("href")).toBe(first);
    await hydrated(page);
    await link.click();
    await page.waitForURL(`${baseURL}${first}`);
    // React renders the list in a transition once the URL has moved.
    await page.getByText(texts[0] as string, { exact: true }).waitFor({ state: "detached" });
  }

  it("the storefront's listing, in English and in Bengali", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const english = [
      "This page of the list is not available",
      "The link to it is old or incomplete. The list can start again from its first page.",
      "Go to the first page",
    ];
    await expectFirstPageOffer(page, "/shop?cursor=not-a-cursor", english, "/shop");
    const bengali = [
      "তালিকার এই পাতাটি পাওয়া যাচ্ছে না",
      "এর লিংকটি পুরনো বা অসম্পূর্ণ। তালিকাটি প্রথম পাতা থেকে আবার দেখা যাবে।",
      "প্রথম পাতায় যান",
    ];
    await expectFirstPageOffer(
      page,
      "/shop?productType=New%20Arrivals&cursor=not-a-cursor&lang=bn",
      bengali,
      "/shop?productType=New+Arrivals&lang=bn",
    );
    await context.close();
  });

  it("the dashboard's products, orders, contact messages and users tables", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInThroughApi(page, baseURL, ADMIN);
    const texts = [
      "This page of the list is not available",
      "The link to it is old or incomplete. The list can start again from its first page.",
      "Go to the first page",
    ];
    await expectFirstPageOffer(
      page,
      "/dashboard/allProducts?q=bag&cursor=bm90LWEtY3Vyc29y",
      texts,
      "/dashboard/allProducts?q=bag",
    );
    await expectFirstPageOffer(
      page,
      "/dashboard/pendingOrders?cursor=not-a-cursor",
      texts,
      "/dashboard/pendingOrders",
    );
    await expectFirstPageOffer(page, "/dashboard/messages?cursor=x", texts, "/dashboard/messages");
    await expectFirstPageOffer(
      page,
      "/dashboard/allUsers?q=demo&cursor=x",
      texts,
      "/dashboard/allUsers?q=demo",
    );
    await context.close();
  });
});
