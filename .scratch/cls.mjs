import { chromium } from "playwright-core";
const url = process.argv[2];
const delayFont = process.argv[3] !== "nodelay";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
const page = await ctx.newPage();
await page.addInitScript(() => {
  window.__shifts = [];
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) {
      window.__shifts.push({ t: Math.round(e.startTime), v: e.value.toFixed(4), src: e.sources.map((s) => {
        const n = s.node; let d = n ? (n.nodeName + "." + (n.className?.baseVal ?? n.className ?? "")).slice(0, 80) + " '" + (n.textContent ?? "").slice(0, 40) + "'" : "?";
        return `${d} ${JSON.stringify(s.previousRect)}→${JSON.stringify(s.currentRect)}`; }) });
    }
  }).observe({ type: "layout-shift", buffered: true });
});
if (delayFont) await page.route(/\.woff2/, async (r) => { await new Promise((res) => setTimeout(res, 1500)); await r.continue(); });
await page.goto(url);
await page.waitForTimeout(3500);
console.log(JSON.stringify(await page.evaluate(() => window.__shifts), null, 1));
await browser.close();
