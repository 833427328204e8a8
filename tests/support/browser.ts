import fs from "node:fs";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { recyclingPages } from "./page-pool";

/** Debian's full Chromium: what the bench measures pages with, as a visitor's browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The journeys' browser: Debian's `chromium-headless-shell`, the same engine without the full
 * browser around it, which Playwright itself runs for headless tests. It takes far less CPU per
 * journey than the full browser in headless mode (docs/decisions/063).
 */
export const TEST_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

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

/** The worker's Chromium and its pool of tabs, launched by the first journey file that asks. */
let shared: Promise<{ browser: Browser; lease: () => Browser }> | undefined;

/**
 * Chromium's headless shell, with the flags this offline machine needs. A worker's journey files
 * share one (they run one after another): each gets a lease whose `close` gives back its tabs to
 * the pool instead of closing the browser, so the next file starts in tabs whose renderer and
 * compiled scripts are ready. Playwright kills the browser when the worker exits.
 */
export async function launchBrowser(): Promise<Browser> {
  const running = await shared?.catch(() => undefined);
  if (running?.browser.isConnected()) return running.lease();
  shared = launchPooledBrowser();
  return (await shared).lease();
}

async function launchPooledBrowser(): Promise<{ browser: Browser; lease: () => Browser }> {
  if (!fs.existsSync(TEST_CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${TEST_CHROMIUM_PATH}: npm test installs Debian's chromium-headless-shell`,
    );
  }
  const browser = await chromium.launch({
    executablePath: TEST_CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
  const { lease } = recyclingPages(waitingForInteractivePages(askingForLessMotion(browser)));
  return { browser, lease };
}

/**
 * New tabs ask for less motion unless a test says otherwise (`reducedMotion: "no-preference"`):
 * the home page's scrolling banner and sliding offers keep the headless shell's software
 * compositor drawing frames for as long as a test waits on that page, most of the journeys' CPU
 * on that page (docs/decisions/070). The tests of that motion ask for it.
 */
function askingForLessMotion(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext({ reducedMotion: "reduce", ...options });
  browser.newPage = (options = {}) => newPage({ reducedMotion: "reduce", ...options });
  return browser;
}

/** True once React has hydrated a page of the shop (app/root.tsx), or for any other document. */
const isInteractive = () =>
  !("__reactRouterContext" in window) || document.documentElement.hasAttribute("data-hydrated");

/** Waits until the page responds as a visitor expects: React has hydrated it. */
export async function untilInteractive(page: Page): Promise<void> {
  await page.waitForFunction(isInteractive);
}

/**
 * `page.goto` and `page.reload` without a `waitUntil` of their own return once the shop's page
 * responds, as a visitor waits for it: the page's scripts start after its first paint
 * (server/http/deferred-scripts.ts, decision 028), often after the load event that Playwright
 * waits for. A call that names its `waitUntil` gets exactly that, for tests of the page before
 * its scripts run. Contexts without JavaScript are left alone.
 */
function waitingForInteractivePages(browser: Browser): Browser {
  const patchPage = (page: Page) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const thenInteractive = async <T>(navigation: Promise<T>, waitUntil?: string) => {
      const response = await navigation;
      if (!waitUntil) await untilInteractive(page);
      return response;
    };
    page.goto = (url, options) => thenInteractive(goto(url, options), options?.waitUntil);
    page.reload = (options) => thenInteractive(reload(options), options?.waitUntil);
    return page;
  };
  const patchContext = (context: BrowserContext) => {
    context.on("page", patchPage);
    return context;
  };
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    return options?.javaScriptEnabled === false ? context : patchContext(context);
  };
  browser.newPage = async (options) => {
    const page = await newPage(options);
    return options?.javaScriptEnabled === false ? page : patchPage(page);
  };
  return browser;
}

const AXE_SOURCE_PATH = new URL("../../node_modules/axe-core/axe.min.js", import.meta.url);

/**
 * Loads axe-core into the page. Not with page.addScriptTag: that adds an inline <script> which
 * the shop's Content-Security-Policy blocks (decision 020); evaluation through the DevTools
 * protocol is not subject to the page's policy.
 */
export async function injectAxe(page: Page): Promise<void> {
  // Once per document: a second check of the same page (another width) reuses it.
  if (await page.evaluate(() => "axe" in window)) return;
  await page.evaluate(fs.readFileSync(AXE_SOURCE_PATH, "utf8"));
}

/**
 * Gives the open page another viewport, as a visitor turning a tablet or widening a window
 * does, and waits until what that set moving (the dashboard's sidebar, say) has come to rest:
 * the same document can then be checked at a second width without loading it again.
 */
export async function resizeAndSettle(
  page: Page,
  size: { width: number; height: number },
): Promise<void> {
  await page.setViewportSize(size);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((moving) => !(moving instanceof CSSTransition) || moving.playState !== "running"),
  );
}
