/**
 * A text the server wrote in English (the JSON API's language) and what writes it in the page's
 * language once a pattern matches it: the pattern's groups are the values it carries.
 */
export type WrittenText<Tr> = [RegExp, (tr: Tr, found: string[]) => string];

/** `text` written by the first pattern that matches it; as written when none does. */
export function rewrittenText<Tr>(
  tr: Tr,
  text: string,
  patterns: readonly WrittenText<Tr>[],
): string {
  for (const [pattern, write] of patterns) {
    const found = pattern.exec(text);
    if (found) return write(tr, [...found]);
  }
  return text;
}
