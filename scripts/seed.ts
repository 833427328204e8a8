import { createAppContext } from "../server/app-context";
import { ConfigError, loadConfig } from "../server/config";
import { DataDirLockedError } from "../server/db/data-dir-lock";
import { seedDemoData } from "../server/db/seed/seed";

try {
  const ctx = await createAppContext(loadConfig());
  try {
    await seedDemoData(ctx, { log: (line) => console.log(line) });
  } finally {
    await ctx.close();
  }
} catch (err) {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(`\n${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
