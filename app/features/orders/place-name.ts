import type { Lang } from "~/core/locale";

/** "Dhaka (ঢাকা)" on an English page, as stored (Bengali) on a Bengali one. */
export function placeName(lang: Lang, stored: string, english: string | undefined): string {
  return lang === "en" && english && english !== stored ? `${english} (${stored})` : stored;
}
