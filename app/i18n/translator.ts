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

/**
 * A message as app/i18n/catalog.server.ts compiles it: its text, or its text cut at each
 * `{placeholder}` (`["Hello ", ["name"]]`). The catalogues use no other ICU syntax; the compiler
 * refuses any.
 */
export type CompiledMessage = string | readonly (string | readonly [name: string])[];

/** A page's messages by key, as its loaders send them. */
export type Messages = Record<string, CompiledMessage>;

/** A compiled message with its placeholders filled; a value not given leaves its place empty. */
function fill(message: CompiledMessage, values: MessageValues | undefined): string {
  if (typeof message === "string") return message;
  let text = "";
  for (const part of message) text += typeof part === "string" ? part : (values?.[part[0]] ?? "");
  return text;
}

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
  // A key without a message shows itself, so that a gap in a catalogue is seen, not blank.
  const t = (key: MessageKey, values?: MessageValues) => {
    const message = Object.hasOwn(messages, key) ? messages[key] : undefined;
    return message === undefined ? key : fill(message, values);
  };
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
