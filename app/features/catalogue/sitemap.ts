import { CATEGORIES, SUB_CATEGORIES } from "~/core/catalogue";
import { absoluteUrl, categoryPath, productPath, subCategoryPath } from "./paths";

/** sitemap.xml holds the newest products up to this many (a sitemap allows 50,000 URLs). */
export const SITEMAP_PRODUCT_LIMIT = 5000;

export const STATIC_PAGES = ["/", "/shop", "/about-us", "/contact-us"] as const;

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Every public page: static pages, each category and sub-category, and the given products. */
export function buildSitemap(
  publicUrl: string,
  products: readonly { id: string; updatedAt: string }[],
): string {
  const urls: { loc: string; lastmod?: string }[] = [
    ...STATIC_PAGES.map((p) => ({ loc: p })),
    ...CATEGORIES.map((c) => ({ loc: categoryPath(c) })),
    ...CATEGORIES.flatMap((c) => SUB_CATEGORIES[c].map((s) => ({ loc: subCategoryPath(s) }))),
    ...products.map((p) => ({ loc: productPath(p.id), lastmod: p.updatedAt })),
  ];
  const body = urls
    .map(
      (u) =>
        `<url><loc>${escapeXml(absoluteUrl(publicUrl, u.loc))}</loc>${
          u.lastmod ? `<lastmod>${escapeXml(u.lastmod)}</lastmod>` : ""
        }</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function buildRobots(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /api/",
    "Disallow: /authentication/",
    "",
    `Sitemap: ${absoluteUrl(publicUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
