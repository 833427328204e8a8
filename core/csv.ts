/**
 * CSV for spreadsheets (RFC 4180): fields joined by commas, lines ended by CRLF, a field with a
 * comma, quote or line break quoted with its quotes doubled. A text that starts with = + - @
 * (or a tab or carriage return) is prefixed with ' so a spreadsheet shows it instead of running
 * it as a formula (CSV injection). Numbers are written as numbers.
 */
export type CsvValue = string | number | null | undefined;

/** Excel reads UTF-8 (Bengali) only when the file starts with the byte order mark. */
export const CSV_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
