import { describe, expect, it } from "vitest";
import { CATEGORIES, SUB_CATEGORIES } from "~/core/catalogue";
import { buildRobots, buildSitemap } from "./sitemap";

describe("sitemap.xml and robots.txt", () => {
  it("lists static pages, every category and sub-category and the products, absolute and escaped", () => {
    const xml = buildSitemap("https://haat.example/", [
      { id: "a&b", updatedAt: "2026-01-02T00:00:00.000Z" },
    ]);
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    const subCount = CATEGORIES.reduce((n, c) => n + SUB_CATEGORIES[c].length, 0);
    // Each page twice: its English address and its Bengali one.
    expect(locs).toHaveLength(2 * (4 + CATEGORIES.length + subCount + 1));
    expect(locs).toContain("https://haat.example/?lang=bn");
    expect(locs).toContain("https://haat.example/product-details/a%26b?lang=bn");
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="bn" href="https://haat.example/shop?lang=bn"/>',
    );
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://haat.example/shop"/>',
    );
    expect(locs).toContain("https://haat.example/");
    expect(locs).toContain("https://haat.example/product/category/Bag%20Items");
    expect(locs).toContain("https://haat.example/product/sub-category/smart%20watch");
    expect(locs).toContain("https://haat.example/product-details/a%26b");
    expect(xml).toContain("<lastmod>2026-01-02T00:00:00.000Z</lastmod>");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it("allows everything but the dashboard, the API and sign-in, and links the sitemap", () => {
    const robots = buildRobots("https://haat.example");
    expect(robots.split("\n")).toEqual(
      expect.arrayContaining([
        "User-agent: *",
        "Allow: /",
        "Disallow: /dashboard",
        "Disallow: /api/",
        "Disallow: /authentication/",
        "Sitemap: https://haat.example/sitemap.xml",
      ]),
    );
  });
});
