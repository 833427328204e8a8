import { type Messages, setupI18n } from "@lingui/core";
import {
  formatCount,
  formatDateIn,
  formatTakaIn,
  formatTimeIn,
  type Lang,
  toBengaliDigits,
} from "~/core/locale";
import type { MessageKey } from "./keys";

export type MessageValues = Record<string, string | number>;

/** What a page writes with: its language's messages, numbers, prices and dates. */
export type Translator = {
  lang: Lang;
  t: (key: MessageKey, values?: MessageValues) => string;
  /** A count or quantity in the page's digits. */
  count: (n: number) => string;
  /** Any digits of `text` in the page's digits (a rating, a phone number shown as text). */
  digits: (text: string) => string;
  /** A price: formatTaka in English, ৳১,২৫০ in Bengali. */
  taka: (amount: number, decimals?: number) => string;
  date: (d: Date | string) => string;
  time: (d: Date | string) => string;
};

export function makeTranslator(lang: Lang, messages: Messages): Translator {
  const i18n = setupI18n({ locale: lang, messages: { [lang]: messages } });
  const t = (key: MessageKey, values?: MessageValues) => i18n._(key, values);
  return {
    lang,
    t,
    count: (n) => formatCount(lang, n),
    digits: (text) => (lang === "bn" ? toBengaliDigits(text) : text),
    taka: (amount, decimals) => formatTakaIn(lang, amount, decimals),
    date: (d) => formatDateIn(lang, d),
    time: (d) => formatTimeIn(lang, d),
  };
}
