import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const w of [360, 390, 412]) for (const lang of ["en", "bn"]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 800 } });
  const page = await ctx.newPage();
  await page.goto(`http://127.0.0.1:4690/shop?lang=${lang}`); await page.waitForTimeout(600);
  const r = await page.evaluate(() => { const d = document.querySelector("header > div"); const els=[...d.children].map(c=>`${c.tagName}:${Math.round(c.getBoundingClientRect().width)}`); return { sw: d.scrollWidth, cw: d.clientWidth, els, right: [...document.querySelectorAll("header > div > div.ml-auto > *")].map(c=>`${c.textContent.trim().slice(0,12)}:${Math.round(c.getBoundingClientRect().width)}`) }; });
  console.log(w, lang, JSON.stringify(r));
  await ctx.close();
}
await browser.close();
