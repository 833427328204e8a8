/** Counts code points, so a cut never splits an emoji or other astral character. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, Math.max(0, max)).join("")}...`;
}

export type NameLimitContext = "card" | "checkout" | "cartLine" | "cartSummary" | "adminTable";

/** Viewport widths (px) at or below which the small and medium limits apply. */
export const NAME_LIMIT_BREAKPOINTS = { small: 400, medium: 768 } as const;

/** Spec §9 name truncation, per context: ≤400px, ≤768px, wider. */
export const NAME_LIMITS: Record<
  NameLimitContext,
  { readonly small: number; readonly medium: number; readonly large: number }
> = {
  card: { small: 38, medium: 55, large: 47 },
  checkout: { small: 20, medium: 180, large: 30 },
  cartLine: { small: 28, medium: 55, large: 70 },
  cartSummary: { small: 42, medium: 55, large: 30 },
  adminTable: { small: 20, medium: 20, large: 20 },
};

export function nameLimit(context: NameLimitContext, viewportWidth: number): number {
  const limits = NAME_LIMITS[context];
  if (viewportWidth <= NAME_LIMIT_BREAKPOINTS.small) return limits.small;
  if (viewportWidth <= NAME_LIMIT_BREAKPOINTS.medium) return limits.medium;
  return limits.large;
}

/**
 * Orders strings by their UTF-16 code units, as `<` does: ASCII keys alphabetically, Bengali
 * letters in the alphabet's order. No Intl collator, which loads ICU's locale data on the server
 * (docs/decisions/076).
 */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether `text` holds a C0 control character (NUL, tab, newline…) or DEL. */
export function hasControlCharacter(text: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
  return /[\u0000-\u001f\u007f]/.test(text);
}
