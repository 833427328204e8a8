import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { describe } from "vitest";
import { type AppContext, type AppContextOverrides, createAppContext } from "../app-context";
import { loadConfig } from "../config";
import { type Database, openDatabase } from "../db/client";

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
 * A new, empty PostgreSQL database on the server of `url` (for a suite or a server process of
 * its own); `drop` removes it, ending whatever connections are still open on it.
 */
export async function createPostgresDatabase(
  url: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `haat_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * A new, migrated PostgreSQL database on the server of `url` (dropped by `close`), and its URL
 * for server processes that should share it.
 */
export async function openPostgresDatabase(url: string): Promise<Database & { url: string }> {
  const created = await createPostgresDatabase(url);
  const database = await openDatabase({ kind: "postgres", url: created.url, max: 5 });
  return {
    ...database,
    url: created.url,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/** A fresh, migrated database of the suite's kind: in-memory PGlite or a new PostgreSQL database. */
export async function openTestDatabase(): Promise<Database> {
  if (TEST_DB === "postgres") {
    if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
    return openPostgresDatabase(postgresUrl);
  }
  return openDatabase({ kind: "pglite" });
}

/** A full application context on a fresh test database and a temporary data folder. */
export async function openTestContext(
  env: Record<string, string> = {},
  overrides: AppContextOverrides = {},
): Promise<AppContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-test-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ...env });
  const ctx = await createAppContext(config, await openTestDatabase(), overrides);
  return {
    ...ctx,
    async close() {
      await ctx.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
