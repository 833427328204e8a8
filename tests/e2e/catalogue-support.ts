import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Searches the admin's products table for one product by its (unique) name and waits for the
 * results: the table is keyed by the query, so the results replace it whole, and a click on the
 * unfiltered table's row as they arrive (pressed on the old row, released on the new) is no click.
 */
export async function searchProducts(page: Page, name: string): Promise<void> {
  await page.getByLabel("Search products by name").fill(name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get("q") === name);
  await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
}
