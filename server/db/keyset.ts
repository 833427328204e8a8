import { type Column, type SQL, sql } from "drizzle-orm";
import { hasControlCharacter } from "~/core/text";
import { AppError } from "../errors";

/** Where a page ended: the last row's time and id (ids break ties). */
export type KeysetCursor = { at: Date; id: string };

export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString("base64url");
}

/** Years that ISO strings write with four digits, which PostgreSQL's timestamptz reads back. */
const isStorableTime = (at: Date) =>
  !Number.isNaN(at.getTime()) && at.getUTCFullYear() >= 1 && at.getUTCFullYear() <= 9999;

/** Ids are short printable text; a NUL byte is refused by PostgreSQL itself. */
const isStorableId = (id: string) => id.length <= 200 && !hasControlCharacter(id);

/** The cursor a client sent back; anything else is a 400 on the `cursor` field. */
export function decodeCursor(cursor: string): KeysetCursor {
  const [iso, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const at = new Date(iso ?? "");
  if (!id || !isStorableId(id) || !isStorableTime(at)) {
    throw new AppError("invalid", "Some fields are not valid", [
      { path: "cursor", message: "Invalid cursor" },
    ]);
  }
  return { at, id };
}

/**
 * Rows after the cursor in `ORDER BY time DESC, id DESC` order ("older"), or in ascending order
 * ("newer"). A row comparison is an index condition on (time, id); the equivalent OR is not.
 */
function after(direction: "<" | ">", timeColumn: Column, idColumn: Column, cursor: string): SQL {
  const c = decodeCursor(cursor);
  return sql`(${timeColumn}, ${idColumn}) ${sql.raw(direction)} (${c.at.toISOString()}::timestamptz, ${c.id})`;
}

export const olderThan = (timeColumn: Column, idColumn: Column, cursor: string) =>
  after("<", timeColumn, idColumn, cursor);

export const newerThan = (timeColumn: Column, idColumn: Column, cursor: string) =>
  after(">", timeColumn, idColumn, cursor);
