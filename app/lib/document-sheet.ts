/** The id of the storefront's stylesheet, inline in a storefront document's <head> (app/root.tsx). */
export const INLINE_SHEET_ID = "haat-css";

/**
 * In the browser, the text of an inline element the server rendered ("" where it sent none, and
 * on the server).
 */
export function pageText(id: string): string {
  return globalThis.document?.getElementById(id)?.textContent ?? "";
}
