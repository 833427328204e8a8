import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Checks that a page shows no English interface word (issue 25, decision 061). Product data
 * (names, descriptions the shop typed in English), the shop's own address and e-mail, brand
 * names and size codes are not interface words: `loadDataWords` learns them from the shop.
 */
export const BRANDS = [
  // The toggle's link to the other language names it in that language.
  "English",
  "Haat",
  "WhatsApp",
  "Facebook",
  "Google",
  "Instagram",
  "Linkedin",
  "Twitter",
  "bKash",
  "Nagad",
  "Rocket",
  "Upay",
  "VISA",
  "Mastercard",
  "AMEX",
];
export const SIZE_CODES = ["XS", "S", "M", "L", "XL", "XXL", "XXXL"];

/** Latin words that are data, not interface: product texts, the shop's details, brands. */
let dataWords = new Set<string>();

export function wordsOf(text: string): string[] {
  return text.match(/[A-Za-z]{2,}/g) ?? [];
}

/** A truncated product name ends in part of a word: a prefix of a data word is data too. */
function isDataWord(word: string): boolean {
  const lower = word.toLowerCase();
  if (dataWords.has(lower)) return true;
  for (const known of dataWords) if (known.startsWith(lower)) return true;
  return false;
}

/**
 * The page's visible text and the words a screen reader or a hover reads, without the elements
 * `ignore` matches: they are removed in the same task that reads, so a re-render in between
 * cannot bring them back.
 */
async function interfaceText(page: Page, ignore?: string): Promise<string> {
  return page.evaluate((ignore) => {
    if (ignore) for (const el of document.querySelectorAll(ignore)) el.remove();
    const parts = [document.body.innerText, document.title];
    for (const el of document.querySelectorAll("[aria-label], [placeholder], [title], img[alt]")) {
      for (const name of ["aria-label", "placeholder", "title", "alt"]) {
        const value = el.getAttribute(name);
        if (value) parts.push(value);
      }
    }
    const description = document.querySelector('meta[name="description"]')?.getAttribute("content");
    if (description) parts.push(description);
    return parts.join("\n");
  }, ignore);
}

export async function englishWordsOn(page: Page, ignore?: string): Promise<string[]> {
  const text = await interfaceText(page, ignore);
  return [...new Set(wordsOf(text).filter((w) => !isDataWord(w)))];
}

export async function expectBengali(page: Page, where: string, ignore?: string) {
  expect(await page.getAttribute("html", "lang"), where).toBe("bn");
  expect(await englishWordsOn(page, ignore), where).toEqual([]);
}

/**
 * Learns the shop's data words: every product's name and description, the slides' titles, the
 * shop's details, and `extra` (what a test typed: a customer's name, an address).
 */
export async function loadDataWords(baseURL: string, extra: readonly string[] = []): Promise<void> {
  // Every product, sold-out and low ones too (the listings show them).
  const all = (await (await fetch(`${baseURL}/api/products?limit=500`)).json()) as {
    data: { name: string; description: string }[];
  };
  // Slides are shop data too: the demo slides have English titles only (their alt text).
  const slides = (await (await fetch(`${baseURL}/api/getSliders`)).json()) as { title: string }[];
  const shopDetails = ["West Shewrapara, Mirpur, Dhaka", "support@haat.example", "haat example"];
  dataWords = new Set(
    [
      ...BRANDS,
      ...SIZE_CODES,
      ...shopDetails,
      ...extra,
      ...all.data.flatMap((p) => [p.name, p.description]),
      ...slides.map((s) => s.title),
    ].flatMap((text) => wordsOf(text).map((w) => w.toLowerCase())),
  );
}
