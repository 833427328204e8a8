import { toAsciiDigits } from "./digits";

/** Bangladesh mobile numbers: 01, an operator digit 3–9, then 8 digits. */
export const BD_MOBILE_PATTERN = /^01[3-9]\d{8}$/;
export const MOBILE_NUMBER_LENGTH = 11;
export const MOBILE_TOO_LONG_MESSAGE = "Number must be 11 digit";
/** The hint for a wrong number, worded as BD_MOBILE_PATTERN checks it. */
export const MOBILE_NUMBER_MESSAGE =
  "Enter a Bangladesh mobile number: 11 digits, 01 then 3–9 then 8 more digits (e.g. 01712345678)";
/** Placeholder of the mobile-number fields. */
export const MOBILE_NUMBER_PLACEHOLDER = "01712345678";

export function isBangladeshMobile(s: string): boolean {
  return BD_MOBILE_PATTERN.test(s);
}

/**
 * One spelling per phone, as orders store it and limits count it: Bengali digits as ASCII,
 * separators dropped, and a Bangladesh mobile written with its country code (+880 1712…,
 * 00880…, 8801…) becomes 01712…. Anything else keeps its digits (and a leading +).
 */
export function normalizePhone(s: string): string {
  const compact = toAsciiDigits(s).replace(/[\s().-]/g, "");
  const local = compact.replace(/^(\+|00)?880(?=1\d{9}$)/, "0");
  return isBangladeshMobile(local) ? local : compact;
}
