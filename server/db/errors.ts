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
