/** Bangladesh mobile numbers: 01, an operator digit 3–9, then 8 digits. */
export const BD_MOBILE_PATTERN = /^01[3-9]\d{8}$/;
export const MOBILE_NUMBER_LENGTH = 11;
export const MOBILE_TOO_LONG_MESSAGE = "Number must be 11 digit";

export function isBangladeshMobile(s: string): boolean {
  return BD_MOBILE_PATTERN.test(s);
}
