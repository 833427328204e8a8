import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

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

/**
 * What one project's setup made, for the others: Vitest loads each project's global setup in a
 * module graph of its own, so a module-level value would be made again per project.
 */
type Made = { dump?: Promise<Blob>; shopFolder?: { dir: Promise<string>; users: number } };
const shared = globalThis as { __haatTestTemplates?: Made };
shared.__haatTestTemplates ??= {};
const made: Made = shared.__haatTestTemplates;

/**
 * The server's modules, imported by the setup that makes something: a project whose setup finds
 * everything made does not load them again.
 */
async function serverModules() {
  const [client, newDatabase, template, testContext] = await Promise.all([
    import("~/server/db/client"),
    import("~/server/jobs/new-database"),
    import("~/server/db/pglite-template"),
    import("~/server/testing/test-context"),
  ]);
  return {
    openDatabase: client.openDatabase,
    setUpNewDatabase: newDatabase.setUpNewDatabase,
    dumpOfNewPgliteDatabase: newDatabase.dumpOfNewPgliteDatabase,
    readPgliteTemplate: template.readPgliteTemplate,
    createPostgresDatabase: testContext.createPostgresDatabase,
  };
}

/**
 * The PGlite dump, made once for every project of the run that asks for it: from the committed
 * template a new shop starts from (decision 087), with what was added since, as a first start.
 */
function pgliteDump(): Promise<Blob> {
  made.dump ??= (async () => {
    const { dumpOfNewPgliteDatabase, readPgliteTemplate } = await serverModules();
    return dumpOfNewPgliteDatabase(await readPgliteTemplate());
  })();
  return made.dump;
}

async function pgliteTemplate(project: TestProject) {
  const dump = await pgliteDump();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-pglite-template-"));
  const file = path.join(dir, "migrated.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * A DATA_DIR holding the migrated PGlite folder, as a server's first start leaves it: one for
 * every project that starts servers (they copy it, never write to it), removed after the last.
 */
async function shopFolderTemplate(project: TestProject) {
  made.shopFolder ??= { dir: migratedShopFolder(), users: 0 };
  const folder = made.shopFolder;
  folder.users++;
  project.provide("shopFolderTemplate", await folder.dir);
  return async () => {
    if (--folder.users > 0) return;
    // A watch mode's next run sets up again: it makes a new folder.
    made.shopFolder = undefined;
    fs.rmSync(await folder.dir, { recursive: true, force: true });
  };
}

async function migratedShopFolder(): Promise<string> {
  const { openDatabase } = await serverModules();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-shop-template-"));
  const database = await openDatabase({
    kind: "pglite",
    dataDir: path.join(dir, "pglite"),
    loadDataDir: await pgliteDump(),
  });
  await database.close();
  return dir;
}

/** PostgreSQL copies a template only while nobody is connected to it: it is closed here. */
async function postgresTemplate(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const { createPostgresDatabase, openDatabase, setUpNewDatabase } = await serverModules();
  const template = await createPostgresDatabase(url);
  try {
    const database = await openDatabase({ kind: "postgres", url: template.url, max: 1 });
    try {
      await setUpNewDatabase(database);
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
