const BENGALI_ZERO = 0x09e6;

/**
 * Bengali digits (০–৯) as ASCII digits (0–9); everything else is kept. Phones in Bangladesh
 * often type with a Bengali keyboard, so every field that takes a number passes its text
 * through this first, and so do the server's schemas.
 */
export function toAsciiDigits(text: string): string {
  return text.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - BENGALI_ZERO));
}

/** zod preprocess step: a string gets ASCII digits, anything else passes unchanged. */
export function asciiDigitsIfString(value: unknown): unknown {
  return typeof value === "string" ? toAsciiDigits(value) : value;
}
