/**
 * SQLSTATEs PostgreSQL (and PGlite) raise for text it cannot store, such as a NUL character in a
 * string: the request's fault, not the server's.
 */
const UNSTORABLE_TEXT = new Set(["22021", "22P05"]);

/** Whether `err` (or an error it wraps, as Drizzle does) is PostgreSQL refusing unstorable text. */
export function isUnstorableText(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (UNSTORABLE_TEXT.has(String((e as { code?: unknown }).code))) return true;
  }
  return false;
}

/** The SQLSTATE of `err` or of an error it wraps (Drizzle wraps the driver's), if any. */
export function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * The table and column of a NOT NULL failure (SQLSTATE 23502) in `err` or an error it wraps, or
 * undefined for any other error. PGlite's errors name them `table`/`column`, postgres.js's
 * `table_name`/`column_name`.
 */
export function notNullFailure(err: unknown): { table: string; column: string } | undefined {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const fields = e as {
      code?: unknown;
      table?: unknown;
      column?: unknown;
      table_name?: unknown;
      column_name?: unknown;
    };
    if (fields.code !== "23502") continue;
    const table = fields.table ?? fields.table_name;
    const column = fields.column ?? fields.column_name;
    return {
      table: typeof table === "string" ? table : "",
      column: typeof column === "string" ? column : "",
    };
  }
  return undefined;
}

/** deadlock_detected: PostgreSQL rolled the transaction back; running it again is safe. */
export const DEADLOCK = "40P01";

/**
 * Runs `work` (one transaction or statement) again when PostgreSQL broke a deadlock by
 * rolling it back: stock writers lock variants in one order, but the planner may walk a join in
 * another, so a rare deadlock between two orders for the same variants is retried, not answered
 * with a 500.
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || sqlState(err) !== DEADLOCK) throw err;
    }
  }
}
