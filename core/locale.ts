import { formatOrderDate, formatOrderTime } from "./dates";
import { formatTaka } from "./money";

/** The shop's two languages (issue 25). English is the spec's and the default. */
export const LANGS = ["en", "bn"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "en";

/**
 * A text the shop keeps in both languages (a product's name, a slide's title): the page's
 * language where it has one, else the other.
 */
export function inLang(lang: Lang, english: string, bengali: string | null | undefined): string {
  if (lang === "bn") return bengali?.trim() ? bengali : english;
  return english.trim() ? english : (bengali ?? "");
}

/** The toggle's label for each language, written in that language. */
export const LANG_NAMES: Record<Lang, string> = { en: "English", bn: "বাংলা" };

/** "bn" or "en" from a query parameter or cookie; undefined for anything else. */
export function parseLang(value: string | null | undefined): Lang | undefined {
  return value === "en" || value === "bn" ? value : undefined;
}

/** One cookie's value from a Cookie header. */
function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** A request's language: `?lang=` asked for, and the `lang` cookie that remembers the choice. */
export function requestLangs(request: Pick<Request, "url" | "headers">): {
  asked: Lang | undefined;
  remembered: Lang | undefined;
} {
  return {
    asked: parseLang(new URL(request.url).searchParams.get("lang")),
    remembered: parseLang(cookieValue(request.headers.get("cookie"), "lang")),
  };
}

/** The language a request is served in: `?lang=`, else the cookie, else English. */
export function requestLang(request: Pick<Request, "url" | "headers">): Lang {
  const { asked, remembered } = requestLangs(request);
  return asked ?? remembered ?? DEFAULT_LANG;
}

const BENGALI_ZERO = 0x09e6;

/** 0–9 as ০–৯; everything else is kept. */
export function toBengaliDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => String.fromCharCode(BENGALI_ZERO + Number(d)));
}

/**
 * Lakh grouping, as Bangladesh writes amounts: the last three digits, then pairs
 * ("1234567" → "12,34,567"). Takes ASCII digits, commas or not.
 */
export function groupLakh(digits: string): string {
  const plain = digits.replace(/,/g, "");
  if (plain.length <= 3) return plain;
  const head = plain.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",");
  return `${head},${plain.slice(-3)}`;
}

/** A count or quantity: "12" in English, "১২" (lakh-grouped from 1,00,000) in Bengali. */
export function formatCount(lang: Lang, n: number): string {
  if (lang === "en") return String(n);
  const sign = n < 0 ? "-" : "";
  return sign + toBengaliDigits(groupLakh(String(Math.abs(Math.trunc(n)))));
}

/** A price: "৳1,250" (formatTaka, unchanged) in English, "৳১,২৫০" / "৳১২,৩৪,৫৬৭" in Bengali. */
export function formatTakaIn(lang: Lang, amount: number, decimals = 0): string {
  const english = formatTaka(amount, decimals);
  if (lang === "en") return english;
  return english
    .replace(/[\d,]+/, (whole) => toBengaliDigits(groupLakh(whole)))
    .replace(/\.(\d+)/, (_, fraction: string) => `.${toBengaliDigits(fraction)}`);
}

/** The Gregorian months as Bangladesh writes them. */
export const BENGALI_MONTHS = [
  "জানুয়ারি",
  "ফেব্রুয়ারি",
  "মার্চ",
  "এপ্রিল",
  "মে",
  "জুন",
  "জুলাই",
  "আগস্ট",
  "সেপ্টেম্বর",
  "অক্টোবর",
  "নভেম্বর",
  "ডিসেম্বর",
] as const;

/** Dhaka keeps UTC+6 all year (no daylight saving since 2009): no Intl data needed. */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

function dhakaClock(d: Date | string): Date {
  const date = typeof d === "string" ? new Date(d) : d;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(d)}`);
  return new Date(date.getTime() + DHAKA_OFFSET_MS);
}

/** "05 Mar, 2025" (formatOrderDate) in English, "৫ মার্চ, ২০২৫" in Bengali; Dhaka time. */
export function formatDateIn(lang: Lang, d: Date | string): string {
  if (lang === "en") return formatOrderDate(d);
  const t = dhakaClock(d);
  const day = toBengaliDigits(String(t.getUTCDate()));
  return `${day} ${BENGALI_MONTHS[t.getUTCMonth()]}, ${toBengaliDigits(String(t.getUTCFullYear()))}`;
}

/** The part of the day a Bangladeshi clock reading names (রাত ৯:০৫, সকাল ১০:৩০). */
function dayPart(hour: number): string {
  if (hour < 4) return "রাত";
  if (hour < 6) return "ভোর";
  if (hour < 12) return "সকাল";
  if (hour < 15) return "দুপুর";
  if (hour < 18) return "বিকাল";
  if (hour < 20) return "সন্ধ্যা";
  return "রাত";
}

/** "09:05 pm" (formatOrderTime) in English, "রাত ৯:০৫" in Bengali; Dhaka time. */
export function formatTimeIn(lang: Lang, d: Date | string): string {
  if (lang === "en") return formatOrderTime(d);
  const t = dhakaClock(d);
  const hour = t.getUTCHours();
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  const minute = String(t.getUTCMinutes()).padStart(2, "0");
  return `${dayPart(hour)} ${toBengaliDigits(`${twelve}:${minute}`)}`;
}
