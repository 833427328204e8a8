import type { Browser } from "playwright-core";
import type { InteractiveRun } from "./report";

/**
 * First contentful paint → interactive, as a phone on mobile data meets a page (issue 21 item 3,
 * issue 26 item 5): Chromium's own throttling (not Lighthouse's simulation), so what is measured
 * is what the page really does — 1.6 Mbps down, 750 kbps up, 150 ms round trip, the CPU slowed
 * 4×, a phone's screen. "Interactive" is the `data-hydrated` mark React puts on <html> once the
 * page responds (app/root.tsx); taps before it are held by app/early-taps.ts.
 */
export const THROTTLING = {
  downloadKbps: 1600,
  uploadKbps: 750,
  latencyMs: 150,
  cpuSlowdown: 4,
} as const;

/** Lighthouse's mobile screen (Moto G Power). */
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75 };

/** How long one load may take before it counts as failed. */
const LOAD_TIMEOUT_MS = 60_000;

/**
 * Runs in the page before its own scripts: notes when <html data-hydrated> appears. A string, not
 * a function: the bench runs under tsx, whose transpiled functions may call helpers the page
 * does not have.
 */
const WATCH_HYDRATION = `new MutationObserver(function () {
  if (window.__hydratedAt === undefined && document.documentElement &&
      document.documentElement.hasAttribute("data-hydrated")) window.__hydratedAt = performance.now();
}).observe(document, { attributes: true, attributeFilter: ["data-hydrated"], subtree: true });`;

/** One load of `url` in a fresh context (no cache, no storage) under the throttling above. */
export async function interactiveRun(
  browser: Browser,
  url: string,
  cookie?: string,
): Promise<InteractiveRun> {
  const context = await browser.newContext({
    viewport: { width: PHONE.width, height: PHONE.height },
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    ...(cookie ? { extraHTTPHeaders: { cookie } } : {}),
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(WATCH_HYDRATION);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: THROTTLING.latencyMs,
      // bytes per second
      downloadThroughput: (THROTTLING.downloadKbps * 1000) / 8,
      uploadThroughput: (THROTTLING.uploadKbps * 1000) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLING.cpuSlowdown });
    await page.goto(url, { waitUntil: "commit", timeout: LOAD_TIMEOUT_MS });
    await page.waitForFunction(
      () => (window as unknown as { __hydratedAt?: number }).__hydratedAt !== undefined,
      undefined,
      { timeout: LOAD_TIMEOUT_MS, polling: 100 },
    );
    const { fcpMs, interactiveMs } = await page.evaluate(() => ({
      fcpMs: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      interactiveMs: (window as unknown as { __hydratedAt: number }).__hydratedAt,
    }));
    return { fcpMs, interactiveMs, gapMs: interactiveMs - fcpMs };
  } catch (error) {
    return {
      fcpMs: Number.NaN,
      interactiveMs: Number.NaN,
      gapMs: Number.NaN,
      error: error instanceof Error ? error.message.split("\n")[0] : String(error),
    };
  } finally {
    await context.close();
  }
}
