import type { Database } from "../client";
import { listSequences, listTables, type Table } from "./catalog";
import { appliedMigrations, DRIZZLE_MIGRATIONS_TABLE_SQL } from "./migrations";
import { inTransaction, type SqlSession } from "./session";
import { quoteIdent, quoteLiteral, sqlValue } from "./sql-text";

export const BACKUP_FIRST_LINE = "-- Haat backup";
export const BACKUP_LAST_LINE = "-- End of Haat backup";

/** Rows per INSERT statement (and per FETCH from the table's cursor). */
const ROWS_PER_INSERT = 500;

export type BackupSummary = {
  /** The last migration the database (and so the backup's schema) is at. */
  migration: string;
  tables: { name: string; rows: number }[];
  rows: number;
};

/**
 * Writes the whole database as one plain SQL script: the schema as this version's migrations
 * recorded in the database built it, Drizzle's record of those migrations, every row as INSERTs
 * in foreign-key order, and the sequences' positions — all between BEGIN and COMMIT, so psql or
 * `npm run restore` applies it to an empty database entirely or not at all.
 * Everything is read in one snapshot transaction: a consistent copy even while the shop runs.
 */
export async function writeBackup(
  database: Database,
  write: (text: string) => Promise<void>,
  now = new Date(),
): Promise<BackupSummary> {
  return inTransaction(database, "snapshot", async (session) => {
    // Output formats whose text both databases read back exactly, in any session settings.
    await session.run(
      "SET LOCAL TimeZone = 'UTC'; SET LOCAL DateStyle = 'ISO, YMD'; SET LOCAL IntervalStyle = 'postgres'; SET LOCAL extra_float_digits = 3; SET LOCAL bytea_output = 'hex'",
    );
    const migrations = await appliedMigrations(session);
    const tables = await listTables(session);
    const sequences = await listSequences(session);
    const counts: BackupSummary["tables"] = [];
    for (const table of tables) {
      const [[rows]] = (await session.rows(`select count(*)::int from ${table.qualified}`)) as [
        [number],
      ];
      counts.push({ name: `${table.schema}.${table.name}`, rows });
    }
    const [[version]] = (await session.rows("show server_version")) as [[string]];
    const migration = migrations.at(-1)?.tag ?? "none";

    await write(
      [
        BACKUP_FIRST_LINE,
        "-- Plain SQL. Restore into an EMPTY database with `npm run restore -- <this file>`",
        "-- (DATA_DIR or DATABASE_URL), or with `psql -v ON_ERROR_STOP=1 -d <database> -f <this file>`.",
        `-- Made: ${now.toISOString()} from ${database.kind === "pglite" ? "PGlite" : "PostgreSQL"} ${version}`,
        `-- Migration level: ${migration} (${migrations.length} migrations)`,
        ...counts.map((c) => `-- Rows: ${c.name} ${c.rows}`),
        "",
        "SET client_encoding = 'UTF8';",
        "SET standard_conforming_strings = on;",
        "BEGIN;",
        "",
        "-- Schema: the migrations below, as Drizzle applied them",
        "",
      ].join("\n"),
    );
    for (const m of migrations) {
      await write(`-- Migration ${m.tag}\n${m.statements.map(terminated).join("\n")}\n\n`);
    }
    await write(`${DRIZZLE_MIGRATIONS_TABLE_SQL.map(terminated).join("\n")}\n\n-- Data\n\n`);
    for (const [i, table] of tables.entries()) {
      await write(`-- ${table.qualified}: ${counts[i]?.rows ?? 0} rows\n`);
      await writeRows(session, table, write);
    }
    await write("-- Sequences: the next order number continues where the backup was made\n");
    for (const sequence of sequences) {
      const [[lastValue, isCalled]] = (await session.rows(
        `select last_value::text, is_called from ${sequence.qualified}`,
      )) as [[string, boolean]];
      await write(
        `SELECT pg_catalog.setval(${quoteLiteral(sequence.qualified)}, ${lastValue}, ${isCalled});\n`,
      );
    }
    await write(`\nCOMMIT;\n${BACKUP_LAST_LINE}\n`);
    return { migration, tables: counts, rows: counts.reduce((sum, c) => sum + c.rows, 0) };
  });
}

function terminated(statement: string): string {
  return statement.endsWith(";") ? statement : `${statement};`;
}

async function writeRows(
  session: SqlSession,
  table: Table,
  write: (text: string) => Promise<void>,
): Promise<void> {
  const columns = table.columns.map((c) => quoteIdent(c.name));
  const orderBy = table.primaryKey.length
    ? ` order by ${table.primaryKey.map(quoteIdent).join(", ")}`
    : "";
  const insert =
    `INSERT INTO ${table.qualified} (${columns.join(", ")})` +
    `${table.hasAlwaysIdentity ? " OVERRIDING SYSTEM VALUE" : ""} VALUES\n`;
  await session.run(
    `DECLARE haat_backup_rows NO SCROLL CURSOR FOR select ${columns.map((c) => `${c}::text`).join(", ")} from ${table.qualified}${orderBy}`,
  );
  for (;;) {
    const rows = (await session.rows(`FETCH ${ROWS_PER_INSERT} FROM haat_backup_rows`)) as (
      | string
      | null
    )[][];
    if (rows.length === 0) break;
    const values = rows.map(
      (row) =>
        `(${row.map((text, i) => sqlValue(text, table.columns[i]?.kind ?? "other")).join(", ")})`,
    );
    await write(`${insert}${values.join(",\n")};\n`);
  }
  await session.run("CLOSE haat_backup_rows");
  await write("\n");
}
