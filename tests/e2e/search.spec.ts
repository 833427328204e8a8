import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";

type ApiProduct = { _id: string; name: string };

async function searchApi(baseURL: string, q: string, limit = 500): Promise<ApiProduct[]> {
  const params = new URLSearchParams({ searchQuery: q, limit: String(limit) });
  return (await (await fetch(`${baseURL}/api/products?${params}`)).json()).data;
}

describe("searching products from the header", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  async function open(width: number): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(baseURL);
    // Wait for hydration: the cart badge is filled in by the browser.
    await page.waitForLoadState("networkidle");
    return page;
  }

  function visibleSearch(page: Page): Locator {
    return page.getByRole("combobox", { name: "Search products" });
  }

  it("suggests what a visitor typed before the page's script had loaded", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // A slow phone: the page is readable and the box takes typing before the scripts arrive.
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => {
      releaseScripts = resolve;
    });
    await page.route("**/assets/*.js", async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto(baseURL, { waitUntil: "domcontentloaded" });
    const box = visibleSearch(page);
    await box.fill("bag");
    expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
    releaseScripts();
    const list = page.getByRole("listbox", { name: "Search results" });
    await expect.poll(() => list.getByRole("option").count()).toBeGreaterThan(0);
    expect(await box.inputValue()).toBe("bag");
    for (const text of await list.getByRole("option").allTextContents()) {
      expect(text.toLowerCase()).toContain("bag");
    }
    await page.close();
  });

  it("lists at most 10 case-insensitive name matches, each linking to its product page", async () => {
    const many = await searchApi(baseURL, "a");
    expect(many.length).toBeGreaterThan(10);
    const page = await open(1280);
    const box = visibleSearch(page);
    expect(await box.count()).toBe(1);
    await box.fill("A");
    const list = page.getByRole("listbox", { name: "Search results" });
    await expect.poll(() => list.getByRole("option").count()).toBe(10);
    expect(await box.getAttribute("aria-expanded")).toBe("true");

    // A word in a different case than the names.
    const bagMatches = await searchApi(baseURL, "bag");
    expect(bagMatches.length).toBeGreaterThan(0);
    await box.fill("BaG");
    await expect
      .poll(async () => (await list.getByRole("option").allTextContents()).length)
      .toBe(Math.min(10, bagMatches.length));
    await expect
      .poll(async () => {
        const hrefs = await list
          .getByRole("option")
          .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
        return hrefs;
      })
      .toEqual(bagMatches.slice(0, 10).map((p) => `/product-details/${p._id}`));
    for (const text of await list.getByRole("option").allTextContents()) {
      expect(text.toLowerCase()).toContain("bag");
    }

    const first = bagMatches[0] as ApiProduct;
    await list.getByRole("option").first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/product-details/${first._id}`);
    await expect.poll(() => box.inputValue()).toBe("");
    await page.close();
  });

  it("is keyboard navigable: arrows move, Enter opens the product, Escape closes", async () => {
    const matches = await searchApi(baseURL, "set", 10);
    expect(matches.length).toBeGreaterThan(2);
    const page = await open(1280);
    const box = visibleSearch(page);
    await box.focus();
    await page.keyboard.type("set");
    const options = page.getByRole("listbox", { name: "Search results" }).getByRole("option");
    await expect.poll(() => options.count()).toBe(matches.length);

    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    const activeId = await box.getAttribute("aria-activedescendant");
    expect(activeId).toBeTruthy();
    const active = page.locator(`[id="${activeId}"]`);
    expect(await active.getAttribute("aria-selected")).toBe("true");
    expect(await active.getAttribute("href")).toBe(`/product-details/${matches[1]?._id}`);

    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    expect(
      await page
        .locator(`[id="${await box.getAttribute("aria-activedescendant")}"]`)
        .getAttribute("href"),
    ).toBe(`/product-details/${matches.at(-1)?._id}`);

    await page.keyboard.press("Escape");
    await expect.poll(() => box.getAttribute("aria-expanded")).toBe("false");
    expect(await box.inputValue()).toBe("set");

    await page.keyboard.press("ArrowDown");
    await expect.poll(() => box.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe(`/product-details/${matches[0]?._id}`);
    await page.close();
  });

  it("opens every match on Enter without a chosen suggestion, with Load more (issue 20 item 24)", async () => {
    const all = await searchApi(baseURL, "a");
    expect(all.length).toBeGreaterThan(20);
    const page = await open(1280);
    const box = visibleSearch(page);
    await box.fill("A");
    await page
      .getByRole("listbox", { name: "Search results" })
      .getByRole("option")
      .first()
      .waitFor();
    await box.press("Enter");
    await page.waitForURL(`${baseURL}/shop?search=A`);
    await page.getByRole("heading", { level: 1, name: "Search results for “A”" }).waitFor();
    const cards = page.locator("main ul li a[href^='/product-details/']");
    // 20 a page, newest first; "Load more" brings the next 20.
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(20);
    const first = await cards.count();
    await page.getByRole("link", { name: "Load more" }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(first);
    await page.close();

    // Without JavaScript the box is a plain GET form to the same page.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto(baseURL);
    await visibleSearch(plain).fill("zzz-no-such-product");
    await visibleSearch(plain).press("Enter");
    await plain.waitForURL(`${baseURL}/shop?search=zzz-no-such-product`);
    await plain.getByText("No products match “zzz-no-such-product”.").waitFor();
    await context.close();
  });

  it("waits for a pause in typing: far fewer requests than keystrokes", async () => {
    const page = await open(1280);
    const requests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/products?") && r.url().includes("searchQuery"))
        requests.push(r.url());
    });
    const word = "stainless steel";
    await visibleSearch(page).pressSequentially(word, { delay: 20 });
    const options = page.getByRole("listbox", { name: "Search results" }).getByRole("option");
    const expected = await searchApi(baseURL, word, 10);
    await expect.poll(() => options.count()).toBe(expected.length);
    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(requests.length).toBeLessThan(word.length / 2);
    expect(requests.at(-1)).toContain("searchQuery=stainless+steel");
    expect(requests.at(-1)).toContain("limit=10");

    await visibleSearch(page).fill("zzzz-no-such-product");
    await expect
      .poll(() => page.getByText("No products found for “zzzz-no-such-product”").isVisible())
      .toBe(true);
    await page.close();
  });

  it("shows a search box under the header on a 375 px phone", async () => {
    const page = await open(375);
    const boxes = page.getByRole("combobox", { name: "Search products" });
    expect(await boxes.count()).toBe(1);
    const box = boxes.first();
    const rect = await box.boundingBox();
    const header = await page.getByRole("banner").boundingBox();
    expect(rect && header && rect.y > header.y + 40).toBe(true);
    expect(rect && rect.width > 300).toBe(true);

    const matches = await searchApi(baseURL, "watch", 10);
    expect(matches.length).toBeGreaterThan(0);
    await box.fill("Watch");
    const options = page.getByRole("listbox", { name: "Search results" }).getByRole("option");
    await expect.poll(() => options.count()).toBe(matches.length);
    await options.first().click();
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe(`/product-details/${matches[0]?._id}`);
    await page.close();

    // Above 768 px the box sits in the header row.
    const wide = await open(1024);
    const wideBox = wide.getByRole("combobox", { name: "Search products" });
    expect(await wideBox.count()).toBe(1);
    const wideRect = await wideBox.boundingBox();
    expect(wideRect && wideRect.y < 48).toBe(true);
    await wide.close();
  });
});
