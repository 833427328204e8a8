import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";
import { hydrated } from "./auth-support";

/**
 * The language of a page (issue 25, decision 061) on the production server: `?lang=` serves and
 * remembers it, the `lang` cookie keeps it, English is the default, and the guest page cache
 * never hands one language's page to a visitor of the other.
 */

const baseURL = shop().baseURL;

async function get(path: string, cookie?: string) {
  const res = await fetch(`${baseURL}${path}`, { headers: cookie ? { cookie } : {} });
  const html = await res.text();
  return {
    status: res.status,
    cache: res.headers.get("x-page-cache"),
    setCookie: res.headers.getSetCookie().join("\n"),
    lang: /<html[^>]* lang="([^"]+)"/.exec(html)?.[1],
    html,
  };
}

describe("the page's language", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("is English by default, and ?lang=bn serves Bengali and remembers it in a cookie", async () => {
    const english = await get("/about-us");
    expect(english.lang).toBe("en");
    expect(english.setCookie).toBe("");

    const bengali = await get("/about-us?lang=bn");
    expect(bengali.lang).toBe("bn");
    expect(bengali.setCookie).toMatch(/^lang=bn; Path=\/; Max-Age=\d+; SameSite=Lax/);
    // A page that sets the cookie is the asker's own, never the cache's.
    expect(bengali.cache).toBeNull();

    expect((await get("/shop", "lang=bn")).lang).toBe("bn");
    const back = await get("/shop?lang=en", "lang=bn");
    expect(back.lang).toBe("en");
    expect(back.setCookie).toMatch(/^lang=en;/);
  });

  it("never serves a cached Bengali page to an English visitor, nor the other way", async () => {
    // Fill the cache with the Bengali page first, then ask as an English guest, twice.
    for (let i = 0; i < 2; i++) expect((await get("/contact-us", "lang=bn")).lang).toBe("bn");
    const bengaliAgain = await get("/contact-us", "lang=bn");
    expect(bengaliAgain.cache).toBe("hit");
    for (let i = 0; i < 2; i++) {
      const english = await get("/contact-us");
      expect(english.lang).toBe("en");
    }
    expect((await get("/contact-us", "theme=dark")).lang).toBe("en");
    // A shared ?lang=bn link is Bengali whatever the cookie says, and stays so from the cache.
    for (let i = 0; i < 2; i++)
      expect((await get("/contact-us?lang=bn", "lang=bn")).lang).toBe("bn");
    expect((await get("/contact-us?lang=bn")).lang).toBe("bn");
    expect((await get("/contact-us?lang=en", "lang=en")).lang).toBe("en");
  });

  it("carries hreflang alternates and a canonical address in its own language", async () => {
    const { html } = await get("/about-us?lang=bn");
    expect(html).toMatch(/<link rel="alternate" hrefLang="en" href="[^"]*\/about-us"/);
    expect(html).toMatch(/<link rel="alternate" hrefLang="bn" href="[^"]*\/about-us\?lang=bn"/);
    expect(html).toMatch(/<link rel="alternate" hrefLang="x-default" href="[^"]*\/about-us"/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/about-us\?lang=bn"/);
  });

  it("lists both languages in sitemap.xml", async () => {
    const res = await fetch(`${baseURL}/sitemap.xml`);
    const xml = await res.text();
    expect(xml).toContain("/about-us?lang=bn</loc>");
    expect(xml).toMatch(/<loc>[^<]*\/about-us<\/loc>/);
  });

  for (const scripts of [true, false]) {
    it(`switches with the header's toggle and keeps Bengali on the page's links (${scripts ? "with" : "without"} JavaScript)`, async () => {
      const context = await browser.newContext({ javaScriptEnabled: scripts });
      const page = await context.newPage();
      await page.goto(`${baseURL}/about-us`);
      if (scripts) await hydrated(page);
      expect(await page.getAttribute("html", "lang")).toBe("en");
      await page.getByRole("link", { name: "বাংলা" }).first().click();
      await page.waitForURL(/\/about-us\?lang=bn$/);
      expect(await page.getAttribute("html", "lang")).toBe("bn");
      // An ordinary link of the page carries no lang: the cookie keeps Bengali.
      await page.goto(`${baseURL}/shop`);
      expect(await page.getAttribute("html", "lang")).toBe("bn");
      await page.getByRole("link", { name: "English" }).first().click();
      await page.waitForURL(/\/shop\?lang=en$/);
      expect(await page.getAttribute("html", "lang")).toBe("en");
      await page.goto(`${baseURL}/`);
      expect(await page.getAttribute("html", "lang")).toBe("en");
      await context.close();
    });
  }

  it("fits the header on a 360 px phone in both languages: the toggle and Register / Login in full", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    for (const [lang, login] of [
      ["en", "Register / Login"],
      ["bn", "রেজিস্টার / লগইন"],
    ] as const) {
      await page.goto(`${baseURL}/shop?lang=${lang}`);
      const header = page.locator("header").first();
      const row = await header.evaluate((h) => {
        const r = h.firstElementChild as HTMLElement;
        return { scroll: r.scrollWidth, client: r.clientWidth };
      });
      expect(row.scroll, lang).toBe(row.client);
      for (const name of [login, lang === "en" ? "বাংলা" : "English"]) {
        const box = await header.getByRole("link", { name, exact: true }).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 360, `${lang}: ${name}`).toBe(true);
      }
    }
    await context.close();
  });
});
