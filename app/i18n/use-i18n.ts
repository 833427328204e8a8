import { useMatches } from "react-router";
import { DEFAULT_LANG, type Lang, parseLang } from "~/core/locale";
import { type Messages, makeTranslator, type Translator } from "./translator";

/** What the root loader hands every page: the language and the shell's messages. */
export type I18nData = { lang: Lang; messages: Messages };

/** A route match as `useMatches()` and `meta`'s `matches` give it. */
type MatchLike = { id?: string; loaderData?: unknown } | undefined;

/**
 * The page's translator: root's language, and the messages of every matched route (root's
 * shell, the dashboard layout's, the page's own; app/i18n/catalog.server.ts). The same objects
 * give the same translator, so every component of a page shares one.
 */
type Cache = { translator?: Translator; next: WeakMap<Messages, Cache> };
const caches: Record<Lang, Cache> = { en: { next: new WeakMap() }, bn: { next: new WeakMap() } };

function translatorOfMatches(matches: readonly MatchLike[]): Translator {
  let lang: Lang = DEFAULT_LANG;
  const parts: Messages[] = [];
  for (const match of matches) {
    const data = match?.loaderData as { lang?: unknown; messages?: Messages } | undefined;
    if (match?.id === "root")
      lang = parseLang(typeof data?.lang === "string" ? data.lang : undefined) ?? DEFAULT_LANG;
    if (data?.messages && typeof data.messages === "object" && !Array.isArray(data.messages))
      parts.push(data.messages);
  }
  let cache = caches[lang];
  for (const part of parts) {
    let next = cache.next.get(part);
    if (!next) {
      next = { next: new WeakMap() };
      cache.next.set(part, next);
    }
    cache = next;
  }
  if (!cache.translator) {
    cache.translator = makeTranslator(
      lang,
      parts.length === 1 ? parts[0] : Object.assign({}, ...parts),
    );
  }
  return cache.translator;
}

/** The page's language, its messages and formats. */
export function useI18n(): Translator {
  return translatorOfMatches(useMatches());
}

/** The translator a route's `meta` uses: the same messages as its page. */
export function metaTranslator(matches: readonly unknown[]): Translator {
  return translatorOfMatches(matches as readonly MatchLike[]);
}
