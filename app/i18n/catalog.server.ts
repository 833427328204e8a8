import type { Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Lang } from "~/core/locale";
import { bn } from "./bn";
import { en } from "./en";
import type { Catalog } from "./keys";

const SOURCES: Record<Lang, Catalog> = { en, bn };

/**
 * Which pages ship a message: the dashboard's own texts ("dash." keys) travel with the
 * dashboard layout's data, everything else with the root's (every page needs the header's).
 */
export type CatalogPart = "shop" | "dashboard";

function partOf(key: string): CatalogPart {
  return key.startsWith("dash.") ? "dashboard" : "shop";
}

const compiled = new Map<string, Messages>();

/**
 * One language's messages for one part, compiled once (Lingui's compiled form: plain strings
 * and token arrays, JSON as the page's loader data carries it). A page gets its own language
 * only.
 */
export function compiledCatalog(lang: Lang, part: CatalogPart): Messages {
  const cacheKey = `${lang}:${part}`;
  let messages = compiled.get(cacheKey);
  if (!messages) {
    messages = {};
    for (const [key, source] of Object.entries(SOURCES[lang])) {
      if (partOf(key) === part) messages[key] = compileMessage(source);
    }
    compiled.set(cacheKey, messages);
  }
  return messages;
}

/** Every message of a language (the server's own texts: emails, action answers). */
export function wholeCatalog(lang: Lang): Messages {
  return { ...compiledCatalog(lang, "shop"), ...compiledCatalog(lang, "dashboard") };
}
