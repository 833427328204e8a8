/**
 * The interface's English texts (the spec's words, exactly), ICU MessageFormat: `{name}` is a
 * value the page passes in (already formatted: digits are the page's language's). Keys starting
 * with "dash." are shipped with the dashboard's pages only (app/i18n/catalog.server.ts).
 * Every key must also be in bn.ts: its type says so, and app/i18n/catalogs.test.ts checks it.
 */
export const en = {
  "lang.switchTo": "বাংলা",
} as const;
