import fs from "node:fs";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { MIGRATIONS_DIR } from "../client";
import type { SqlSession } from "./session";

export type Migration = { tag: string; statements: string[]; hash: string; createdAt: number };

export class MigrationLevelError extends Error {
  override name = "MigrationLevelError";
}

/** This version's migrations, hashed the way Drizzle's migrator records them. */
export function codeMigrations(folder = MIGRATIONS_DIR): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  return readMigrationFiles({ migrationsFolder: folder }).map((m, i) => ({
    tag: journal.entries[i]?.tag ?? `migration ${i}`,
    statements: m.sql.map((s) => s.trim()).filter((s) => s !== ""),
    hash: m.hash,
    createdAt: m.folderMillis,
  }));
}

/**
 * The migrations the database has applied, which must be the first N of this version's (same
 * hashes): the backup writes those N as its schema, so it restores exactly the schema it read.
 */
export async function appliedMigrations(session: SqlSession): Promise<Migration[]> {
  const [[exists]] = (await session.rows(
    `select to_regclass('"drizzle"."__drizzle_migrations"') is not null`,
  )) as [[boolean]];
  if (!exists) {
    throw new MigrationLevelError(
      "This database has no Haat tables (no migrations applied): start the server on it once, or check DATA_DIR / DATABASE_URL.",
    );
  }
  const applied = (await session.rows(
    `select hash, created_at::text from "drizzle"."__drizzle_migrations" order by created_at, id`,
  )) as [string, string][];
  const known = codeMigrations();
  applied.forEach(([hash, createdAt], i) => {
    const expected = known[i];
    if (!expected || expected.hash !== hash || String(expected.createdAt) !== createdAt) {
      throw new MigrationLevelError(
        `The database's migration ${i + 1} (made ${new Date(Number(createdAt)).toISOString()}) is not ` +
          `${expected ? `this version's ${expected.tag}` : "one this version of Haat knows"}: ` +
          "use the version of Haat that last ran on this database.",
      );
    }
  });
  return known.slice(0, applied.length);
}

/** Drizzle's own table of applied migrations, as its migrator creates it. */
export const DRIZZLE_MIGRATIONS_TABLE_SQL = [
  'CREATE SCHEMA IF NOT EXISTS "drizzle"',
  'CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (\n\tid SERIAL PRIMARY KEY,\n\thash text NOT NULL,\n\tcreated_at bigint\n)',
];
