import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../server/config";
import { BackupError, backupToFile, defaultBackupPath } from "../server/db/backup/files";
import { MigrationLevelError } from "../server/db/backup/migrations";
import { DataDirLockedError } from "../server/db/data-dir-lock";

let out: string | undefined;
try {
  ({
    values: { out },
  } = parseArgs({ options: { out: { type: "string" } }, allowPositionals: false }));
} catch (err) {
  console.error(`\n${(err as Error).message}\nUsage: npm run backup -- [--out file.sql]\n`);
  process.exit(2);
}

try {
  const config = loadConfig();
  const now = new Date();
  const result = await backupToFile(config, out ?? defaultBackupPath(config.dataDir, now), now);
  console.log(
    `Backed up ${result.source} (migration ${result.migration}, ${result.rows} rows in ${result.tables.length} tables) to\n${result.file}`,
  );
} catch (err) {
  if (
    err instanceof ConfigError ||
    err instanceof DataDirLockedError ||
    err instanceof BackupError ||
    err instanceof MigrationLevelError
  ) {
    console.error(`\n${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
