import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../server/config";
import { restoreFromFile } from "../server/db/backup/files";
import { RestoreError } from "../server/db/backup/restore";
import { DataDirLockedError } from "../server/db/data-dir-lock";

const usage = "Usage: npm run restore -- <backup.sql>   (into an empty DATA_DIR or DATABASE_URL)";
let file: string | undefined;
try {
  const { positionals } = parseArgs({ options: {}, allowPositionals: true });
  if (positionals.length !== 1) throw new Error("Give exactly one backup file.");
  file = positionals[0];
} catch (err) {
  console.error(`\n${(err as Error).message}\n${usage}\n`);
  process.exit(2);
}

try {
  const result = await restoreFromFile(loadConfig(), file as string);
  console.log(
    `Restored ${result.rows} rows in ${result.tables.length} tables (migration ${result.migration}) into ${result.target}.`,
  );
} catch (err) {
  if (
    err instanceof ConfigError ||
    err instanceof DataDirLockedError ||
    err instanceof RestoreError
  ) {
    console.error(`\n${err.message}\nNothing was restored.\n`);
    process.exit(1);
  }
  throw err;
}
