import fs from "node:fs";
import path from "node:path";
import type { Config } from "~/server/config";
import { openDatabase } from "../client";
import { type BackupSummary, writeBackup } from "./dump";
import { RestoreError, restoreBackup, TargetNotEmptyError } from "./restore";

/** A backup that was refused; nothing was written. */
export class BackupError extends Error {
  override name = "BackupError";
}

/** DATA_DIR/backups/haat-2026-11-24T01-30-00Z.sql */
export function defaultBackupPath(dataDir: string, now: Date): string {
  const stamp = `${now.toISOString().slice(0, 19).replaceAll(":", "-")}Z`;
  return path.join(dataDir, "backups", `haat-${stamp}.sql`);
}

function describeTarget(config: Config): string {
  return config.database.kind === "pglite"
    ? `the PGlite database in ${config.database.dataDir}`
    : `the PostgreSQL database ${redactedUrl(config.database.url)}`;
}

function redactedUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.toString();
}

/**
 * Backs up the configured database (DATA_DIR or DATABASE_URL) to `out`, which must not exist yet.
 * The file appears only when complete: it is written beside as `.partial` and then renamed.
 */
export async function backupToFile(
  config: Config,
  out: string,
  now = new Date(),
): Promise<BackupSummary & { file: string; source: string }> {
  const file = path.resolve(out);
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists: choose another --out.`);
  if (config.database.kind === "pglite" && !fs.existsSync(config.database.dataDir)) {
    throw new BackupError(`There is no database in ${config.database.dataDir}: check DATA_DIR.`);
  }
  const database = await openDatabase(config.database, { migrate: false });
  const partial = `${file}.partial`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const stream = fs.createWriteStream(partial, { encoding: "utf8", mode: 0o600 });
    const finished = new Promise<void>((resolve, reject) => {
      stream.on("finish", resolve);
      stream.on("error", reject);
    });
    let summary: BackupSummary;
    try {
      summary = await writeBackup(
        database,
        (text) =>
          new Promise<void>((resolve, reject) =>
            stream.write(text, (err) => (err ? reject(err) : resolve())),
          ),
        now,
      );
    } finally {
      stream.end();
    }
    await finished;
    fs.renameSync(partial, file);
    return { ...summary, file, source: describeTarget(config) };
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    await database.close();
  }
}

/** Restores a backup file into the configured database, which must be empty. */
export async function restoreFromFile(
  config: Config,
  file: string,
): Promise<BackupSummary & { target: string }> {
  const source = path.resolve(file);
  if (!fs.statSync(source, { throwIfNoEntry: false })?.isFile()) {
    throw new RestoreError(`There is no backup file ${source}.`);
  }
  const target = describeTarget(config);
  const newFolder =
    config.database.kind === "pglite" && !fs.existsSync(config.database.dataDir)
      ? config.database.dataDir
      : undefined;
  let restored = false;
  const database = await openDatabase(config.database, { migrate: false });
  try {
    const summary = await restoreBackup(
      database,
      fs.createReadStream(source, { encoding: "utf8", highWaterMark: 1 << 20 }),
    );
    restored = true;
    return { ...summary, target };
  } catch (err) {
    if (err instanceof TargetNotEmptyError) {
      throw new RestoreError(
        `${err.message}\nNothing was changed in ${target}. ` +
          (config.database.kind === "pglite"
            ? `Move ${config.database.dataDir} aside (or set DATA_DIR to a new folder), then restore again.`
            : "Create a new database (for example `createdb haat_restored`), set DATABASE_URL to it, then restore again."),
      );
    }
    throw err;
  } finally {
    await database.close();
    // A failed restore into a folder it created leaves no empty database behind to be mistaken for one.
    if (newFolder && !restored) fs.rmSync(newFolder, { recursive: true, force: true });
  }
}
