import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { describe, inject } from "vitest";
import { type AppContext, type AppContextOverrides, createAppContext } from "../app-context";
import { loadConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import { hashOncePerPassword } from "./password-hashing";
import { DataFolderCopy, type DataFolderEntry, readDataFolderArchive } from "./pglite-copies";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite database that the PGlite suites start from (tests/support/database-templates.ts). */
    pgliteTemplate?: string;
    /** A migrated database on TEST_DATABASE_URL's server that the PostgreSQL suites copy. */
    postgresTemplate?: string;
  }
}

/** Which database the `*.db.test.ts` suites run against: set per Vitest project. */
export const TEST_DB = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
const postgresUrl = process.env.TEST_DATABASE_URL;

if (TEST_DB === "postgres" && !postgresUrl && process.env.CI) {
  throw new Error("CI must run the PostgreSQL suites: set TEST_DATABASE_URL");
}

/** `describe` for database suites: skipped on PostgreSQL only when no TEST_DATABASE_URL is set (never in CI). */
export const describeDb: typeof describe =
  TEST_DB === "postgres" && !postgresUrl ? (describe.skip as typeof describe) : describe;

/**
 * A new PostgreSQL database on the server of `url` (for a suite or a server process of its own):
 * empty, or a copy of the database `template`; `drop` removes it, ending whatever connections are
 * still open on it.
 */
export async function createPostgresDatabase(
  url: string,
  { template }: { template?: string } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `haat_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    name,
    url: target.toString(),
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * A new, migrated PostgreSQL database on the server of `url` (dropped by `close`), and its URL
 * for server processes that should share it. From `template` (a migrated database), the
 * migrations run again and find nothing left to do.
 */
export async function openPostgresDatabase(
  url: string,
  { template, max = 5 }: { template?: string; max?: number } = {},
): Promise<Database & { url: string }> {
  const created = await createPostgresDatabase(url, { template });
  const database = await openDatabase({ kind: "postgres", url: created.url, max });
  return {
    ...database,
    url: created.url,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

let pgliteTemplate: { file: string; folder: Promise<DataFolderEntry[]> } | undefined;

/** The run's migrated PGlite data folder, read from its dump once per worker process. */
function pgliteTemplateFolder(): Promise<DataFolderEntry[]> | undefined {
  const file = inject("pgliteTemplate");
  if (!file) return undefined;
  if (pgliteTemplate?.file !== file) {
    const folder = fs.promises.readFile(file).then((bytes) => readDataFolderArchive(bytes));
    pgliteTemplate = { file, folder };
  }
  return pgliteTemplate.folder;
}

/**
 * A fresh, migrated database of the suite's kind: in-memory PGlite or a new PostgreSQL database.
 * Under the database projects it starts as a copy of the run's template, migrated once per run
 * (tests/support/database-templates.ts): initdb and the migrations cost PGlite seconds per
 * database. The migrations still run on the copy and find nothing to do.
 */
export async function openTestDatabase(): Promise<Database> {
  if (TEST_DB === "postgres") {
    if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
    return openPostgresDatabase(postgresUrl, { template: inject("postgresTemplate") });
  }
  const folder = pgliteTemplateFolder();
  return openDatabase({
    kind: "pglite",
    fs: folder ? new DataFolderCopy(await folder) : undefined,
  });
}

/** A full application context on a fresh test database and a temporary data folder. */
export async function openTestContext(
  env: Record<string, string> = {},
  overrides: AppContextOverrides = {},
): Promise<AppContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-test-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ...env });
  const ctx = await createAppContext(config, await openTestDatabase(), {
    passwordHashing: hashOncePerPassword,
    ...overrides,
  });
  return {
    ...ctx,
    async close() {
      await ctx.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
