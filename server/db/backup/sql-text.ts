/** SQL text for the backup file: identifiers, literals and the values of one row. */

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * A standard string literal: only `'` is special (doubled). The backup sets
 * `standard_conforming_strings = on`, so backslashes, newlines and any Unicode stay as they are.
 */
export function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** PostgreSQL's type categories (pg_type.typcategory) that are written without quotes. */
export type ValueKind = "boolean" | "number" | "other";

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One column value, read from the database as its text output (`col::text`), as a SQL literal.
 * Any type's text output is accepted back by its input function, so the value round-trips exactly;
 * numbers and booleans are written bare only for the reader's sake.
 */
export function sqlValue(text: string | null, kind: ValueKind): string {
  if (text === null) return "NULL";
  if (kind === "boolean") return text === "true" || text === "t" ? "true" : "false";
  if (kind === "number" && PLAIN_NUMBER.test(text)) return text;
  return quoteLiteral(text);
}

export function valueKind(typcategory: string): ValueKind {
  if (typcategory === "B") return "boolean";
  if (typcategory === "N") return "number";
  return "other";
}
