import { pathInLang } from "~/app/i18n/paths";
import { CATEGORIES, SUB_CATEGORIES } from "~/core/catalogue";
import { LANGS } from "~/core/locale";
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

/**
 * Every public page, in both languages: static pages, each category and sub-category, and the
 * given products. Each page is listed at its English address and its Bengali one (?lang=bn), each
 * entry naming both as hreflang alternates (English is also x-default).
 */
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
  const address = (loc: string, lang: (typeof LANGS)[number]) =>
    escapeXml(absoluteUrl(publicUrl, pathInLang(loc, lang)));
  const body = urls
    .flatMap((u) => {
      const alternates = [
        ...LANGS.map(
          (lang) =>
            `<xhtml:link rel="alternate" hreflang="${lang}" href="${address(u.loc, lang)}"/>`,
        ),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${address(u.loc, "en")}"/>`,
      ].join("");
      const lastmod = u.lastmod ? `<lastmod>${escapeXml(u.lastmod)}</lastmod>` : "";
      return LANGS.map(
        (lang) => `<url><loc>${address(u.loc, lang)}</loc>${lastmod}${alternates}</url>`,
      );
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
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
