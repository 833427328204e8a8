import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";

/**
 * The journeys' pool of tabs (tests/support/page-pool.ts): a tab a test is done with reaches the
 * next test as a new visitor's would, and one the test changed beyond undoing is not handed on.
 * The tests run in order: each hands a tab to the next.
 */
describe("the journeys' pool of tabs", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;
  let handedOn: Page | undefined;
  const heardByTheLastTest: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  const storage = (page: Page) =>
    page.evaluate(() => [localStorage.getItem("pool-test"), sessionStorage.getItem("pool-test")]);

  it("takes back a tab the test closes, with a visitor's cookies, storage and listeners", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseURL}/about-us`);
    await context.addCookies([{ name: "pool-test", value: "1", url: baseURL }]);
    await page.evaluate(() => {
      localStorage.setItem("pool-test", "kept?");
      sessionStorage.setItem("pool-test", "kept?");
    });
    expect(await storage(page)).toEqual(["kept?", "kept?"]);
    page.on("console", (message) => heardByTheLastTest.push(message.text()));
    handedOn = page;
    await context.close();
  });

  it("hands it to the next test blank, at the size asked for, with nothing of the last visitor", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    expect(page).toBe(handedOn);
    expect(page.url()).toBe("about:blank");
    expect(await context.cookies()).toEqual([]);
    await page.goto(`${baseURL}/about-us`);
    expect(await page.evaluate(() => window.innerWidth)).toBe(390);
    expect(await storage(page)).toEqual([null, null]);
    await page.evaluate(() => console.log("said in the next test"));
    expect(heardByTheLastTest).toEqual([]);
    // Left open: the end of the test gives it back.
    handedOn = page;
  });

  it("takes back what a test leaves open", async () => {
    const page = await browser.newPage();
    expect(page).toBe(handedOn);
    expect(page.url()).toBe("about:blank");
    await page.route("**/*.png", (route) => route.abort());
    handedOn = page;
    await page.close();
  });

  it("closes a tab the test gave request routes instead of handing it on", async () => {
    const page = await browser.newPage();
    expect(page).not.toBe(handedOn);
    expect(handedOn?.isClosed()).toBe(true);
    await page.close();
  });

  it("keeps tabs without scripts apart from tabs with them", async () => {
    const scripted = await browser.newPage();
    await scripted.close();
    const plain = await browser.newPage({ javaScriptEnabled: false });
    expect(plain).not.toBe(scripted);
    await plain.goto(`${baseURL}/about-us`);
    const hydrated = () => document.documentElement.hasAttribute("data-hydrated");
    expect(await plain.evaluate(hydrated)).toBe(false);
  });

  it("hands what a file held to the worker's next file, leaving the browser and other files' tabs alone", async () => {
    // Each journey file's launchBrowser() is a lease on the worker's one Chromium.
    const [thisFile, nextFile] = [await launchBrowser(), await launchBrowser()];
    const kept = await browser.newPage();
    await kept.goto(`${baseURL}/about-us`);
    const held = await thisFile.newPage();
    await held.goto(`${baseURL}/contact-us`);
    await held.evaluate(() => localStorage.setItem("pool-test", "kept?"));

    await thisFile.close();
    expect(held.isClosed()).toBe(false);
    expect(held.url()).toBe("about:blank");
    expect(kept.url()).toBe(`${baseURL}/about-us`);
    expect(browser.isConnected()).toBe(true);

    const next = await nextFile.newPage();
    expect(next).toBe(held);
    await next.goto(`${baseURL}/contact-us`);
    expect(await storage(next)).toEqual([null, null]);
    await nextFile.close();
  });

  it("keeps at most 8 idle contexts, closing the one idle longest", async () => {
    // Nine kinds of tab (one locale each), given back one after another.
    const locales = [
      "bn-BD",
      "en-GB",
      "en-IN",
      "fr-FR",
      "de-DE",
      "hi-IN",
      "ur-PK",
      "ne-NP",
      "si-LK",
    ];
    const pages = await Promise.all(locales.map((locale) => browser.newPage({ locale })));
    for (const page of pages) await page.close();
    expect(pages.map((page) => page.isClosed())).toEqual(locales.map((_, i) => i === 0));
  });

  it("counts a context given back again once, as the one idle shortest", async () => {
    const locales = ["ta-IN", "te-IN", "ml-IN", "mr-IN", "gu-IN", "pa-IN", "or-IN", "as-IN"];
    const pages = await Promise.all(locales.map((locale) => browser.newPage({ locale })));
    for (const page of pages) await page.close();
    // Eight idle, the limit: the first taken again and given back is the newest of them, not
    // a second entry beside its old one that the limit would close.
    const again = await browser.newPage({ locale: "ta-IN" });
    expect(again).toBe(pages[0]);
    await again.close();
    expect(pages.map((page) => page.isClosed())).toEqual(locales.map(() => false));
    expect(await browser.newPage({ locale: "ta-IN" })).toBe(pages[0]);
  });
});
