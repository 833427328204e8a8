import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { loadConfig } from "~/server/config";
import { type Database, openDatabase } from "~/server/db/client";
import { openJobQueue } from "~/server/jobs/job-queue";
import { createPostgresDatabase } from "~/server/testing/test-context";

/**
 * One migrated database per run, which every suite's fresh database starts from (docs/decisions/063):
 * a PGlite dump (`loadDataDir` skips initdb, the costliest part of a new PGlite) or a PostgreSQL
 * template (`CREATE DATABASE … TEMPLATE`). Both hold what a server's first start makes: our
 * migrations and pg-boss's schema and queues. The servers that the process tests and journeys
 * start on a new folder start on a copy of one made from the same dump (docs/decisions/069).
 */
export async function setup(project: TestProject) {
  if (project.name === "db-postgres") return postgresTemplate(project);
  if (project.name === "db-pglite") return pgliteTemplate(project);
  return shopFolderTemplate(project);
}

let migratedDump: Promise<Blob> | undefined;

/** The PGlite dump, made once for every project of the run that asks for it. */
function pgliteDump(): Promise<Blob> {
  migratedDump ??= (async () => {
    const database = await openDatabase({ kind: "pglite" });
    try {
      await addJobQueue(database);
      return await (database.pglite as NonNullable<Database["pglite"]>).dumpDataDir("none");
    } finally {
      await database.close();
    }
  })();
  return migratedDump;
}

/** What the app context's job queue makes on a new database (its schema and our queues). */
async function addJobQueue(database: Database): Promise<void> {
  const config = loadConfig({ NODE_ENV: "test" });
  const jobs = await openJobQueue(database, {
    monitorSeconds: config.JOB_MONITOR_SECONDS,
    courierRetrySeconds: config.COURIER_RETRY_SECONDS,
  });
  await jobs.stop();
}

async function pgliteTemplate(project: TestProject) {
  const dump = await pgliteDump();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-pglite-template-"));
  const file = path.join(dir, "migrated.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** A DATA_DIR holding the migrated PGlite folder, as a server's first start leaves it. */
async function shopFolderTemplate(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-shop-template-"));
  const database = await openDatabase({
    kind: "pglite",
    dataDir: path.join(dir, "pglite"),
    loadDataDir: await pgliteDump(),
  });
  await database.close();
  project.provide("shopFolderTemplate", dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** PostgreSQL copies a template only while nobody is connected to it: it is closed here. */
async function postgresTemplate(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const template = await createPostgresDatabase(url);
  try {
    const database = await openDatabase({ kind: "postgres", url: template.url, max: 1 });
    try {
      await addJobQueue(database);
    } finally {
      await database.close();
    }
  } catch (err) {
    await template.drop();
    throw err;
  }
  project.provide("postgresTemplate", template.name);
  return () => template.drop();
}
