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
 * Runs in the page before its own scripts: notes when <html data-hydrated> appears, and every
 * task of the page's main thread over 50 ms (the Long Tasks API). A string, not a function: the
 * bench runs under tsx, whose transpiled functions may call helpers the page does not have.
 */
const WATCH_HYDRATION = `new MutationObserver(function () {
  if (window.__hydratedAt === undefined && document.documentElement &&
      document.documentElement.hasAttribute("data-hydrated")) window.__hydratedAt = performance.now();
}).observe(document, { attributes: true, attributeFilter: ["data-hydrated"], subtree: true });
window.__longTasks = [];
try {
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (task) { window.__longTasks.push([task.startTime, task.duration]); });
  }).observe({ type: "longtask" });
} catch (e) {}`;

/** How long after the page becomes interactive its long tasks still count: the effects it runs then. */
const AFTER_INTERACTIVE_MS = 1000;

/**
 * The blocking time the load really had, counted as Lighthouse counts its TBT (each task's time
 * over 50 ms, from the first paint on), up to a second after the page became interactive.
 * Lighthouse's own TBT is simulated from an unthrottled trace (decisions 102 and 103).
 */
export function observedBlockingMs(
  tasks: readonly (readonly [startMs: number, durationMs: number])[],
  fcpMs: number,
  interactiveMs: number,
): number {
  let blocking = 0;
  for (const [start, duration] of tasks) {
    const end = start + duration;
    if (end <= fcpMs || start > interactiveMs + AFTER_INTERACTIVE_MS) continue;
    blocking += Math.max(0, end - Math.max(start, fcpMs) - 50);
  }
  return blocking;
}

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
    // The page's own clock, throttled as its tasks are.
    await page.waitForFunction(
      (afterMs) =>
        performance.now() > (window as unknown as { __hydratedAt: number }).__hydratedAt + afterMs,
      AFTER_INTERACTIVE_MS,
      { timeout: LOAD_TIMEOUT_MS, polling: 100 },
    );
    const { fcpMs, interactiveMs, longTasks } = await page.evaluate(() => ({
      fcpMs: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      interactiveMs: (window as unknown as { __hydratedAt: number }).__hydratedAt,
      longTasks: (window as unknown as { __longTasks: [number, number][] }).__longTasks,
    }));
    return {
      fcpMs,
      interactiveMs,
      gapMs: interactiveMs - fcpMs,
      blockingMs: observedBlockingMs(longTasks, fcpMs, interactiveMs),
    };
  } catch (error) {
    return {
      fcpMs: Number.NaN,
      interactiveMs: Number.NaN,
      gapMs: Number.NaN,
      blockingMs: Number.NaN,
      error: error instanceof Error ? error.message.split("\n")[0] : String(error),
    };
  } finally {
    await context.close();
  }
}
