import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";

type ApiProduct = { _id: string; name: string; category: string; subCategory: string };

describe("a visitor browses the listings", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;

  /**
   * A page of the API in the listings' order (sold-out products after the available ones): a
   * first page asks for it with `cursor=a~`, later pages carry it in their cursor (decision 056).
   */
  const api = async (query: string): Promise<{ data: ApiProduct[]; nextCursor: string | null }> =>
    (
      await fetch(
        `${baseURL}/api/products?${query.includes("cursor=") ? query : `${query}&cursor=a~`}`,
      )
    ).json();

  /** Full product names in the listing grid, in order (cards may cut the visible name). */
  const gridNames = (page: Page, title: string) =>
    page
      .getByRole("list", { name: title, exact: true })
      .getByRole("heading")
      .evaluateAll((hs) => hs.map((h) => h.getAttribute("title") ?? h.textContent));

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("sees only that category's products on a category page, server-rendered", async () => {
    const expected = await api("category=Bag%20Items&limit=20");
    expect(expected.data.length).toBeGreaterThan(0);
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const response = await page.goto(`${baseURL}/product/category/Bag%20Items`);
    expect(response?.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Bag Items");
    expect(await gridNames(page, "Bag Items")).toEqual(expected.data.map((p) => p.name));
    expect(expected.data.every((p) => p.category === "Bag Items")).toBe(true);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await crumbs.getByRole("link").allTextContents()).toEqual(["Homepage", "Shop"]);
    await page.close();
  });

  it("opens a sub-category by its lowercased path and maps it back to its name and category", async () => {
    const expected = await api("subCategory=Smart%20Watch&limit=20");
    const page = await browser.newPage();
    const response = await page.goto(`${baseURL}/product/sub-category/smart%20watch`);
    expect(response?.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Smart Watch");
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await crumbs.getByRole("link", { name: "Gadget Items" }).getAttribute("href")).toBe(
      "/product/category/Gadget%20Items",
    );
    expect(await gridNames(page, "Smart Watch")).toEqual(expected.data.map((p) => p.name));
    expect(expected.data.every((p) => p.subCategory === "Smart Watch")).toBe(true);
    // The other sub-categories of the category link by their lowercased names.
    const current = page.getByRole("link", { name: "Smart Watch", exact: true }).first();
    expect(await current.getAttribute("aria-current")).toBe("page");
    await page.close();
  });

  it("loads more products into the same grid with JavaScript", async () => {
    const first = await api("limit=20");
    const second = await api(`limit=20&cursor=${first.nextCursor}`);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseURL}/shop`);
    await page.locator("main[data-hydrated]").waitFor();
    expect(await gridNames(page, "All Products")).toEqual(first.data.map((p) => p.name));
    await page.getByRole("link", { name: "Load more" }).click();
    await expect.poll(() => gridNames(page, "All Products")).toHaveLength(40);
    expect(await gridNames(page, "All Products")).toEqual(
      [...first.data, ...second.data].map((p) => p.name),
    );
    expect(new URL(page.url()).search).toBe("");
    await page.close();
  });

  it("loads more products into a category's grid with JavaScript", async () => {
    const first = await api("category=Gadget%20Items&limit=20");
    expect(first.nextCursor).not.toBeNull();
    const second = await api(`category=Gadget%20Items&limit=20&cursor=${first.nextCursor}`);
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${baseURL}/product/category/Gadget%20Items`);
    await page.locator("main[data-hydrated]").waitFor();
    await page.getByRole("link", { name: "Load more" }).click();
    const all = [...first.data, ...second.data].map((p) => p.name);
    await expect.poll(() => gridNames(page, "Gadget Items")).toEqual(all);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Gadget Items");
    await page.close();
  });

  it("gets the next page from the Load more link without JavaScript", async () => {
    const first = await api("limit=20");
    const second = await api(`limit=20&cursor=${first.nextCursor}`);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseURL}/shop`);
    await page.getByRole("link", { name: "Load more" }).click();
    await page.waitForURL(/cursor=/);
    expect(await gridNames(page, "All Products")).toEqual(second.data.map((p) => p.name));
    await page.getByRole("link", { name: "Back to the first page" }).click();
    await page.waitForURL((url) => !url.search.includes("cursor"));
    expect(await gridNames(page, "All Products")).toEqual(first.data.map((p) => p.name));
    await context.close();
  });

  it("filters a listing by product type", async () => {
    const expected = await api("category=Gadget%20Items&productType=Best%20Selling&limit=20");
    const page = await browser.newPage();
    await page.goto(`${baseURL}/product/category/Gadget%20Items`);
    await page.getByRole("link", { name: "Best Selling", exact: true }).click();
    await page.waitForURL(/productType=Best/);
    await expect
      .poll(() => gridNames(page, "Gadget Items"))
      .toEqual(expected.data.map((p) => p.name));
    await page.close();
  });

  it("gets the 404 page for an unknown category or sub-category", async () => {
    const page = await browser.newPage();
    for (const path of ["/product/category/Spaceships", "/product/sub-category/warp%20drive"]) {
      const response = await page.goto(`${baseURL}${path}`);
      expect(response?.status(), path).toBe(404);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
        "Oops! Page Not Found",
      );
      expect(await page.getByRole("link", { name: "Go Home" }).getAttribute("href")).toBe("/");
    }
    await page.close();
  });
});
