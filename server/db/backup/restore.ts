import type { Database } from "../client";
import { countRelations, listTables } from "./catalog";
import { BACKUP_FIRST_LINE, BACKUP_LAST_LINE, type BackupSummary } from "./dump";
import { appliedMigrations, MigrationLevelError } from "./migrations";
import { inTransaction } from "./session";
import { StatementSplitter } from "./sql-statements";

/** A restore that was refused or failed; nothing was written. */
export class RestoreError extends Error {
  override name = "RestoreError";
}

export class TargetNotEmptyError extends RestoreError {
  override name = "TargetNotEmptyError";
}

/**
 * Runs a backup made by writeBackup into an empty database in one transaction: a file that is
 * not a Haat backup, is cut short, fails on any statement, or comes from a newer version of Haat
 * leaves the database exactly as empty as it was.
 */
export async function restoreBackup(
  database: Database,
  text: AsyncIterable<string>,
): Promise<BackupSummary> {
  const summary = await inTransaction(database, "write", async (session) => {
    const existing = await countRelations(session);
    if (existing > 0) {
      throw new TargetNotEmptyError(
        `The target database is not empty (${existing} tables and sequences): a backup is restored only into an empty database.`,
      );
    }
    const splitter = new StatementSplitter();
    let head = "";
    let tail = "";
    let committed = false;
    const runAll = async (statements: { sql: string; line: number }[]) => {
      for (const statement of statements) {
        if (committed) throw new RestoreError(`Line ${statement.line}: a statement after COMMIT`);
        if (/^begin$/i.test(statement.sql)) continue;
        if (/^commit$/i.test(statement.sql)) {
          committed = true;
          continue;
        }
        try {
          await session.run(statement.sql);
        } catch (err) {
          throw new RestoreError(
            `The statement at line ${statement.line} failed: ${(err as Error).message}`,
          );
        }
      }
    };
    for await (const piece of text) {
      if (head.length < BACKUP_FIRST_LINE.length) {
        head += piece;
        if (head.length >= BACKUP_FIRST_LINE.length && !head.startsWith(BACKUP_FIRST_LINE)) break;
      }
      tail = (tail + piece).slice(-256);
      await runAll(splitter.push(piece));
    }
    if (!head.startsWith(BACKUP_FIRST_LINE)) {
      throw new RestoreError(
        `This is not a Haat backup (it does not start with "${BACKUP_FIRST_LINE}").`,
      );
    }
    try {
      splitter.end();
    } catch (err) {
      throw new RestoreError(`The backup is cut short: ${(err as Error).message}.`);
    }
    if (!committed || !tail.trimEnd().endsWith(BACKUP_LAST_LINE)) {
      throw new RestoreError(
        `The backup is cut short (it does not end with COMMIT and "${BACKUP_LAST_LINE}").`,
      );
    }
    let migration: string;
    try {
      migration = (await appliedMigrations(session)).at(-1)?.tag ?? "none";
    } catch (err) {
      if (!(err instanceof MigrationLevelError)) throw err;
      throw new RestoreError(
        `The backup's schema does not match this version of Haat (${err.message}) — restore it with the version that made it, then upgrade.`,
      );
    }
    const tables: BackupSummary["tables"] = [];
    for (const table of await listTables(session)) {
      const [[rows]] = (await session.rows(`select count(*)::int from ${table.qualified}`)) as [
        [number],
      ];
      tables.push({ name: `${table.schema}.${table.name}`, rows });
    }
    return { migration, tables, rows: tables.reduce((sum, t) => sum + t.rows, 0) };
  });
  // The planner's statistics (PGlite has no autovacuum to gather them).
  await inTransaction(database, "write", (session) => session.run("ANALYZE"));
  return summary;
}
