import type { Lang } from "~/core/locale";

/**
 * The address of `path` in `lang` for links that leave the page's own language (the toggle,
 * hreflang, the sitemap): English is the plain path (the spec's, and x-default), Bengali carries
 * `?lang=bn`. Any other query is kept; an earlier `lang` is replaced.
 */
export function pathInLang(path: string, lang: Lang, keepEnglishQuery = false): string {
  const [pathname, query = ""] = path.split("?", 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.delete("lang");
  if (lang === "bn" || keepEnglishQuery) params.set("lang", lang);
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}
