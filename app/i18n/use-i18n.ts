import type { Messages } from "@lingui/core";
import { useRouteLoaderData } from "react-router";
import { DEFAULT_LANG, type Lang, parseLang } from "~/core/locale";
import { makeTranslator, type Translator } from "./translator";

/** What the root loader hands every page (and the dashboard layout its own part). */
export type I18nData = { lang: Lang; messages: Messages };

const byMessages = new WeakMap<Messages, Translator>();
const merged = new WeakMap<Messages, WeakMap<Messages, Translator>>();
const EMPTY: Messages = {};

/** One translator per catalogue object: every component of a page shares it. */
export function translatorOf(data: I18nData | undefined, extra?: Messages): Translator {
  const lang = parseLang(data?.lang) ?? DEFAULT_LANG;
  const messages = data?.messages ?? EMPTY;
  if (!extra) {
    const known = byMessages.get(messages);
    if (known) return known;
    const made = makeTranslator(lang, messages);
    byMessages.set(messages, made);
    return made;
  }
  const inner = merged.get(messages) ?? new WeakMap<Messages, Translator>();
  merged.set(messages, inner);
  const known = inner.get(extra);
  if (known) return known;
  const made = makeTranslator(lang, { ...messages, ...extra });
  inner.set(extra, made);
  return made;
}

/** The page's language, its messages and formats (root's part, plus the dashboard's there). */
export function useI18n(): Translator {
  const root = useRouteLoaderData("root") as I18nData | undefined;
  const dashboard = useRouteLoaderData("routes/dashboard/layout") as
    | { messages?: Messages }
    | undefined;
  return translatorOf(root, dashboard?.messages);
}

/** The translator a route's `meta` uses: the root match's data. */
export function metaTranslator(matches: readonly unknown[]): Translator {
  for (const m of matches) {
    const match = m as { id?: string; loaderData?: I18nData } | undefined;
    if (match?.id === "root") return translatorOf(match.loaderData);
  }
  return translatorOf(undefined);
}
