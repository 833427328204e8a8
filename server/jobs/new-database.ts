import { loadConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import { openJobQueue } from "./job-queue";

/**
 * What a server's first start adds to a migrated database: the job queue's schema and queues
 * (closed again at once: no worker runs). With the default settings: each start sets the queues'
 * retry settings from its own configuration.
 */
export async function setUpNewDatabase(database: Database): Promise<void> {
  const config = loadConfig({ NODE_ENV: "test" });
  const jobs = await openJobQueue(database, {
    monitorSeconds: config.JOB_MONITOR_SECONDS,
    courierRetrySeconds: config.COURIER_RETRY_SECONDS,
    messageRetrySeconds: config.MESSAGE_RETRY_SECONDS,
  });
  await jobs.stop();
}

/**
 * A PGlite data folder as a server's first start leaves it (migrated, with the job queue), dumped
 * as a tar: made in memory by initdb, or from `start` (a dump of an older such folder) with the
 * migrations added since.
 */
export async function dumpOfNewPgliteDatabase(start?: Blob): Promise<Blob> {
  const database = await openDatabase({ kind: "pglite", loadDataDir: start });
  try {
    await setUpNewDatabase(database);
    const pglite = database.pglite;
    if (!pglite) throw new Error("not a PGlite database");
    return await pglite.dumpDataDir("none");
  } finally {
    await database.close();
  }
}
