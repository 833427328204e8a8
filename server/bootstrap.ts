import { type AppContext, createAppContext } from "./app-context";
import { ConfigError, loadConfig } from "./config";
import { underStartupLock } from "./db/client";
import { DataDirLockedError } from "./db/data-dir-lock";
import { isDatabaseFresh, seedDemoData } from "./db/seed/seed";
import { logger } from "./logger";

declare global {
  // Kept on globalThis so dev reloads reuse the open database instead of opening it twice.
  var __haatContext: Promise<AppContext> | undefined;
}

async function start(): Promise<AppContext> {
  const config = loadConfig();
  const ctx = await createAppContext(config);
  logger.info(
    { database: ctx.database.kind, dataDir: config.dataDir, publicUrl: config.publicUrl },
    "database ready",
  );
  if (config.SEED_DEMO_DATA === "auto") await seedWhenFresh(ctx);
  return ctx;
}

/** Demo data for a brand-new database, added by one of the servers that start together on it. */
export async function seedWhenFresh(
  ctx: AppContext,
  seed: (ctx: AppContext) => Promise<void> = (c) =>
    seedDemoData(c, { log: (line) => console.log(line) }),
): Promise<boolean> {
  return underStartupLock(ctx.database, async () => {
    if (!(await isDatabaseFresh(ctx.db))) return false;
    logger.info("new database: adding demo data");
    await seed(ctx);
    return true;
  });
}

/** Opens the process-wide context once; a bad configuration or a locked data folder stops the process with a clear message. */
export function getAppContext(): Promise<AppContext> {
  globalThis.__haatContext ??= start().catch((err: unknown) => {
    if (err instanceof ConfigError || err instanceof DataDirLockedError) {
      console.error(`\n${err.message}\n`);
    } else {
      console.error(err);
    }
    process.exit(1);
  });
  return globalThis.__haatContext;
}
