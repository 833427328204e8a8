import fs from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** What headless Chromium needs on an offline machine: nothing may reach out to Google's services. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
] as const;

/** Debian's Chromium, headless, with the flags this offline machine needs. */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: npm test installs Debian's chromium`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
}

const AXE_SOURCE_PATH = new URL("../../node_modules/axe-core/axe.min.js", import.meta.url);

/**
 * Loads axe-core into the page. Not with page.addScriptTag: that adds an inline <script> which
 * the shop's Content-Security-Policy blocks (decision 020); evaluation through the DevTools
 * protocol is not subject to the page's policy.
 */
export async function injectAxe(page: Page): Promise<void> {
  await page.evaluate(fs.readFileSync(AXE_SOURCE_PATH, "utf8"));
}
