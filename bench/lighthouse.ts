import fs from "node:fs";
import path from "node:path";
// chrome-launcher is Lighthouse's own dependency (the launcher its CLI uses), installed with it.
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result as LighthouseResult } from "lighthouse";
import { CHROMIUM_FLAGS } from "../tests/support/browser";
import type { LighthouseRun } from "./report";

export const CHROME_PATH =
  process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The flags this offline machine needs: nothing may reach out to Google's services. */
export const CHROME_FLAGS = [
  "--headless=new",
  ...CHROMIUM_FLAGS,
  "--disable-default-apps",
  "--disable-extensions",
  "--mute-audio",
];

/** Chromiums launched and not yet killed, so an interrupted bench can stop them. */
const running = new Set<chromeLauncher.LaunchedChrome>();

export function killRunningChromes(): void {
  for (const chrome of running) chrome.kill();
  running.clear();
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** Metric audits already in the table; not repeated in "what Lighthouse flags". */
const METRIC_AUDITS = new Set([
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
  "interactive",
  "max-potential-fid",
]);

const score = (lhr: LighthouseResult, id: string) => {
  const s = lhr.categories[id]?.score;
  return typeof s === "number" ? Math.round(s * 100) : Number.NaN;
};

const numeric = (lhr: LighthouseResult, id: string) => {
  const v = lhr.audits[id]?.numericValue;
  return typeof v === "number" ? v : Number.NaN;
};

/**
 * Whether any script request started before the largest contentful paint of the observed load.
 * Both times are in ms from the navigation's start; undefined when the report lacks either.
 */
export function scriptRequestedBeforeLcp(lhr: LighthouseResult): boolean | undefined {
  const observed = (
    lhr.audits.metrics?.details as { items?: { observedLargestContentfulPaint?: number }[] }
  )?.items?.[0]?.observedLargestContentfulPaint;
  const requests = (
    lhr.audits["network-requests"]?.details as {
      items?: { resourceType?: string; networkRequestTime?: number }[];
    }
  )?.items;
  if (typeof observed !== "number" || !requests) return undefined;
  return requests.some(
    (r) =>
      r.resourceType === "Script" &&
      typeof r.networkRequestTime === "number" &&
      r.networkRequestTime < observed,
  );
}

/** The figures of one Lighthouse report. Exported for reading saved reports. */
export function extractRun(lhr: LighthouseResult): LighthouseRun {
  const origin = new URL(lhr.finalDisplayedUrl || lhr.requestedUrl || "http://invalid").origin;
  const requests =
    (lhr.audits["network-requests"]?.details as { items?: { url?: unknown }[] })?.items ?? [];
  const external = requests
    .map((item) => (typeof item.url === "string" ? item.url : ""))
    .filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin);
  const failing = Object.values(lhr.audits)
    .filter(
      (a) =>
        typeof a.score === "number" &&
        a.score < 0.9 &&
        !METRIC_AUDITS.has(a.id) &&
        !["informative", "notApplicable", "manual", "error"].includes(a.scoreDisplayMode),
    )
    .map((a) => ({
      id: a.id,
      title: a.title,
      ...(a.displayValue ? { displayValue: a.displayValue } : {}),
    }));
  // Lighthouse 13 names the LCP element in its LCP breakdown insight, as a "node" item.
  const lcpNode = (
    lhr.audits["lcp-breakdown-insight"]?.details as {
      items?: { type?: string; selector?: string }[];
    }
  )?.items?.find((item) => item.type === "node")?.selector;
  const breakdown = (
    lhr.audits["mainthread-work-breakdown"]?.details as {
      items?: { groupLabel?: string; duration?: number }[];
    }
  )?.items;
  const bootup = (
    lhr.audits["bootup-time"]?.details as { items?: { url?: string; total?: number }[] }
  )?.items;
  const scriptsBeforeLcp = scriptRequestedBeforeLcp(lhr);
  return {
    ...(lcpNode ? { lcpElement: lcpNode } : {}),
    ...(scriptsBeforeLcp === undefined ? {} : { scriptsBeforeLcp }),
    ...(breakdown
      ? {
          mainThreadMs: Object.fromEntries(
            breakdown.map((item) => [item.groupLabel ?? "?", item.duration ?? 0]),
          ),
        }
      : {}),
    ...(bootup
      ? {
          bootup: bootup
            .slice(0, 3)
            .map((item) => ({ url: String(item.url ?? "?"), ms: item.total ?? 0 })),
        }
      : {}),
    performance: score(lhr, "performance"),
    accessibility: score(lhr, "accessibility"),
    bestPractices: score(lhr, "best-practices"),
    seo: score(lhr, "seo"),
    lcpMs: numeric(lhr, "largest-contentful-paint"),
    tbtMs: numeric(lhr, "total-blocking-time"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    fcpMs: numeric(lhr, "first-contentful-paint"),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    failing,
    external,
    ...(lhr.runtimeError
      ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` }
      : {}),
    warnings: (lhr.runWarnings ?? []).map(String),
  };
}

function failedRun(message: string): LighthouseRun {
  return {
    performance: Number.NaN,
    accessibility: Number.NaN,
    bestPractices: Number.NaN,
    seo: Number.NaN,
    lcpMs: Number.NaN,
    tbtMs: Number.NaN,
    cls: Number.NaN,
    fcpMs: Number.NaN,
    benchmarkIndex: Number.NaN,
    failing: [],
    external: [],
    runtimeError: message,
    warnings: [],
  };
}

/**
 * One Lighthouse run with its default configuration — mobile form factor, Moto G Power screen,
 * simulated slow 4G and 4x CPU slowdown — in a fresh headless Chromium (fresh profile, so no
 * cache or storage carries over between runs). Never throws: a failure is a failed run.
 */
export async function lighthouseRun(
  url: string,
  options: { htmlReportPath?: string; cookie?: string } = {},
): Promise<{ run: LighthouseRun; version?: string }> {
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: CHROME_FLAGS,
      logLevel: "silent",
      // bench/run.ts stops everything it started on Ctrl-C (chrome-launcher's handler would exit
      // the process before the server is stopped and its data directory removed).
      handleSIGINT: false,
    });
    running.add(chrome);
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: options.htmlReportPath ? ["json", "html"] : "json",
        logLevel: "error",
        onlyCategories: CATEGORIES,
        disableFullPageScreenshot: true,
        ...(options.cookie ? { extraHeaders: { Cookie: options.cookie } } : {}),
      },
      undefined,
    );
    if (!result) return { run: failedRun("Lighthouse returned no result") };
    if (options.htmlReportPath && Array.isArray(result.report)) {
      fs.mkdirSync(path.dirname(options.htmlReportPath), { recursive: true });
      fs.writeFileSync(options.htmlReportPath, result.report[1] ?? "");
    }
    return { run: extractRun(result.lhr), version: result.lhr.lighthouseVersion };
  } catch (error) {
    return { run: failedRun(error instanceof Error ? error.message : String(error)) };
  } finally {
    // chrome-launcher's kill() waits for the process and removes its temporary profile.
    if (chrome) {
      running.delete(chrome);
      chrome.kill();
    }
  }
}
