import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser";

describe("a visitor opens the home page", () => {
  const baseURL = inject("baseURL");
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("sees the newest seeded products rendered by the server", async () => {
    const api = await (await fetch(`${baseURL}/api/products?limit=20`)).json();
    const expected: string[] = api.data.map((p: { name: string }) => p.name);
    expect(expected.length).toBe(20);

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const response = await page.goto(baseURL);
    expect(response?.status()).toBe(200);
    const served = await response?.text();
    expect(served).toContain(escapeHtml(expected[0] as string));

    const names = await page.getByRole("heading", { level: 2 }).allTextContents();
    expect(names).toEqual(expected);
    const firstImage = page.getByRole("img", { name: expected[0] });
    await expect
      .poll(() => firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(450);
    await page.close();
  });

  it("gets the 404 page for an unknown route", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${baseURL}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("Oops! Page Not Found");
    await expect.poll(() => page.getByRole("link", { name: "Go Home" }).count()).toBe(1);
    await page.close();
  });
});

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}
