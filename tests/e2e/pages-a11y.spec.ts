import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { injectAxe, launchBrowser } from "../support/browser";
import { shop } from "../support/shop";

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown }[] };

async function seriousViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations as Violation[];
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`,
    );
}

describe("the storefront pages are accessible (axe-core, light and dark)", () => {
  const baseURL = shop().baseURL;
  let browser: Browser;
  let productId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const { data } = await (await fetch(`${baseURL}/api/products?limit=100`)).json();
    productId = data.find(
      (p: { images: string[]; sizes: string[] }) => p.images.length > 1 && p.sizes.length > 0,
    )._id;
  });
  afterAll(async () => browser?.close());

  for (const theme of ["light", "dark"] as const) {
    it(`has no serious or critical violation in ${theme} mode`, async () => {
      const context = await browser.newContext({
        colorScheme: theme,
        viewport: { width: 390, height: 844 },
      });
      const page = await context.newPage();
      const found: string[] = [];
      for (const url of [
        "/shop",
        "/product/category/Bag%20Items",
        `/product-details/${productId}`,
        "/about-us",
        "/contact-us",
      ]) {
        await page.goto(`${baseURL}${url}`);
        await page.locator("main").first().waitFor();
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        for (const v of await seriousViolations(page)) found.push(`${url}: ${v}`);
        if (url === "/contact-us") {
          await page.locator("main[data-hydrated]").waitFor();
          await page.getByRole("button", { name: "Send Message" }).click();
          await page.getByText("Name is required").waitFor();
          for (const v of await seriousViolations(page)) found.push(`${url} (errors): ${v}`);
        }
      }
      expect(found).toEqual([]);
      await context.close();
    });
  }
});
