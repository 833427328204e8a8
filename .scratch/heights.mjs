import { chromium } from "playwright-core";
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
const page = await ctx.newPage();
let release; const gate = new Promise((r) => (release = r));
await page.route(/\.woff2/, async (r) => { await gate; await r.continue(); });
await page.goto(url, { waitUntil: "domcontentloaded" });
await page.waitForTimeout(800);
const measure = () => page.evaluate(() => {
  const out = [];
  const sec = document.querySelector("section.mt-5");
  let el = sec;
  while (el && el !== document.body) {
    let s = el.previousElementSibling;
    while (s) { const r = s.getBoundingClientRect(); out.push(`${s.tagName}.${String(s.className).slice(0,50)} h=${r.height.toFixed(1)} '${s.textContent.slice(0,60)}'`); s = s.previousElementSibling; }
    el = el.parentElement;
  }
  return out;
});
const before = await measure();
release();
await page.waitForTimeout(1500);
const after = await measure();
for (let i = 0; i < before.length; i++) if (before[i] !== after[i]) console.log("B", before[i], "\nA", after[i]);
await browser.close();
