import type { Category, Color, ProductType } from "~/core/catalogue";
import type { MessageKey } from "./keys";
import type { Translator } from "./translator";

/*
 * Display names of the catalogue's fixed lists. The URL paths and the API keep the English
 * values; only what a visitor reads changes. Each list's every value has its message (the type
 * checks below fail when one is added to core/catalogue.ts without one).
 */
type Has<K extends string> = K extends MessageKey ? true : never;
const _categories: Has<`cat.${Category}`> = true;
const _colors: Has<`color.${Color}`> = true;
const _types: Has<`type.${ProductType}`> = true;
void [_categories, _colors, _types];

/** A category's name in the page's language. */
export function categoryName(t: Translator["t"], category: string): string {
  return nameOf(t, `cat.${category}`, category);
}

/** A sub-category's name in the page's language (app/i18n/catalogs.test.ts checks all of them). */
export function subCategoryName(t: Translator["t"], subCategory: string): string {
  return nameOf(t, `sub.${subCategory}`, subCategory);
}

export function colorName(t: Translator["t"], color: string): string {
  return nameOf(t, `color.${color}`, color);
}

export function productTypeName(t: Translator["t"], type: string): string {
  return nameOf(t, `type.${type}`, type);
}

/** The message, or the value itself when it is not one of the list's (old data). */
function nameOf(t: Translator["t"], key: string, value: string): string {
  const text = t(key as MessageKey);
  return text === key ? value : text;
}
