import { chromium } from "playwright-core";
const [url, out, w = "390", scheme = "light"] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const ctx = await browser.newContext({ viewport: { width: Number(w), height: 900 }, colorScheme: scheme });
const page = await ctx.newPage();
await page.goto(url); await page.waitForTimeout(1500);
await page.screenshot({ path: out });
await browser.close();
