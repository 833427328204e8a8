import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { shop } from "../support/shop";

type ApiProduct = {
  _id: string;
  name: string;
  images: string[];
  originalPrice: number;
  offerPrice: number | null;
};

describe("search engines and shared links see each page", () => {
  const baseURL = shop().baseURL;
  // Canonical and sitemap URLs use the shop's public address: PUBLIC_URL, by default
  // http://localhost:$PORT (the test server is reached on 127.0.0.1).
  const publicUrl = `http://localhost:${new URL(baseURL).port}`;
  let browser: Browser;
  let product: ApiProduct;

  beforeAll(async () => {
    browser = await launchBrowser();
    // Other journeys on the shared server add products (some without images): take one that has an image.
    const { data } = await (await fetch(`${baseURL}/api/products?limit=100`)).json();
    product = (data as ApiProduct[]).find((p) => p.images.length > 0) as ApiProduct;
    if (!product) throw new Error("no product with an image in the newest 100");
  });
  afterAll(async () => browser?.close());

  it("gives a product page its title, canonical URL, OpenGraph tags and Product JSON-LD in BDT", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/product-details/${product._id}`);
    const head = async (selector: string, attr = "content") =>
      page.locator(selector).first().getAttribute(attr);
    expect(await page.title()).toContain(product.name);
    const url = `${publicUrl}/product-details/${product._id}`;
    expect(await head('link[rel="canonical"]', "href")).toBe(url);
    expect(await head('meta[name="description"]')).toBeTruthy();
    expect(await head('meta[property="og:title"]')).toBe(product.name);
    expect(await head('meta[property="og:type"]')).toBe("product");
    expect(await head('meta[property="og:url"]')).toBe(url);
    expect(await head('meta[property="og:image"]')).toBe(`${publicUrl}${product.images[0]}`);

    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.name,
      offers: {
        "@type": "Offer",
        price: product.offerPrice ?? product.originalPrice,
        priceCurrency: "BDT",
        availability: "https://schema.org/InStock",
      },
    });
    const image = await fetch(ld.image[0]);
    expect(image.status).toBe(200);
    await page.close();
  });

  it("gives listings and static pages a title, description and canonical URL", async () => {
    const page = await browser.newPage();
    for (const [path, title] of [
      ["/shop", "Shop all products"],
      ["/product/category/Bag%20Items", "Bag Items"],
      ["/product/sub-category/smart%20watch", "Smart Watch"],
      ["/about-us", "About us"],
      ["/contact-us", "Contact us"],
    ] as const) {
      await page.goto(`${baseURL}${path}`);
      expect(await page.title(), path).toContain(title);
      expect(await page.locator('link[rel="canonical"]').getAttribute("href"), path).toBe(
        `${publicUrl}${path}`,
      );
      expect(
        await page.locator('meta[name="description"]').getAttribute("content"),
        path,
      ).toBeTruthy();
    }
    await page.close();
  });

  it("names the page of a missing product, category or path (issue 20 item 24)", async () => {
    for (const path of [
      "/product-details/no-such-product",
      "/product/category/No%20Such%20Category",
      "/product/sub-category/no%20such%20thing",
      "/no/such/page",
    ]) {
      const res = await fetch(`${baseURL}${path}`);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      // The same title wherever the page is missing, with the shop's name as every page has it.
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], path).toBe("Oops! Page Not Found | Haat");
      // The page's data names the refusal as what it is, not as a server fault.
      expect(html, path).not.toContain("Internal Server Error");
    }
  });

  it("serves sitemap.xml with the pages, categories, sub-categories and products", async () => {
    const res = await fetch(`${baseURL}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${publicUrl}/`,
        `${publicUrl}/shop`,
        `${publicUrl}/about-us`,
        `${publicUrl}/contact-us`,
        `${publicUrl}/product/category/Bag%20Items`,
        `${publicUrl}/product/sub-category/smart%20watch`,
        `${publicUrl}/product-details/${product._id}`,
      ]),
    );
    for (const loc of locs.slice(0, 6)) {
      expect((await fetch(loc as string)).status, loc).toBe(200);
    }
  });

  it("serves robots.txt that keeps crawlers out of the dashboard, API and sign-in, and links the sitemap", async () => {
    const res = await fetch(`${baseURL}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const lines = (await res.text()).split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "User-agent: *",
        "Disallow: /dashboard",
        "Disallow: /api/",
        "Disallow: /authentication/",
        `Sitemap: ${publicUrl}/sitemap.xml`,
      ]),
    );
  });
  it("puts every page's content in place in the HTML, for clients without JavaScript", async () => {
    // React 19.2 moves a large finished Suspense boundary into a hidden <div> that a script swaps
    // in; the storefront's main content and footer are such boundaries, and React Router's loader
    // data was one when the shell was flushed before it (app/entry.server.tsx). A phone's browser
    // and a crawler get the same whole page.
    const phone =
      "Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36";
    for (const path of ["/", "/shop", `/product-details/${product._id}`]) {
      const html = await (
        await fetch(`${baseURL}${path}`, { headers: { "User-Agent": phone } })
      ).text();
      expect(html, path).not.toMatch(/<div hidden id="S:|\$RC\(|\$RV|<template id="B:/);
      // No frame is painted before the page is parsed (docs/decisions/027): the expect link
      // waits for an empty mark after the footer.
      expect(html, path).toMatch(
        /<head>.*<link rel="expect" href="#page-parsed" blocking="render"\/>.*<\/head>/s,
      );
      expect(html.indexOf('<span id="page-parsed"'), path).toBeGreaterThan(
        html.indexOf("</footer>"),
      );
      const content = html.indexOf('id="content"');
      const footer = html.indexOf("<footer");
      expect(content, path).toBeGreaterThan(-1);
      expect(footer, path).toBeGreaterThan(content);
      // The page's own heading or first product comes between the content anchor and the footer.
      expect(html.slice(content, footer), path).toMatch(/<h1|<h2/);
    }
  });
});
