import path from "node:path";
import type { PGlite, PGliteOptions } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { ConfigError } from "../config";
import { logger } from "../logger";
import { lockDataDir } from "./data-dir-lock";
import { installedPgliteVersion, isNewPgliteDataDir, readPgliteTemplate } from "./pglite-template";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** The postgres.js client on PostgreSQL (for LISTEN/NOTIFY); absent on PGlite. */
  postgres?: postgres.Sql;
  /** The PostgreSQL URL (the job queue opens its own small pool on it); absent on PGlite. */
  url?: string;
  /** The PGlite client (for backup and restore); absent on PostgreSQL. */
  pglite?: PGlite;
  close: () => Promise<void>;
};

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "drizzle");

// An arbitrary constant: every Haat process on one PostgreSQL migrates under this advisory lock.
const MIGRATION_LOCK_KEY = 7_240_311;

export type DatabaseTarget =
  | {
      kind: "pglite";
      dataDir?: string;
      /** In memory, starting from a dump of a data folder (`dumpDataDir`) instead of initdb. */
      loadDataDir?: Blob;
      /** A file system of its own that already holds a data folder (the tests' copies). */
      fs?: PGliteOptions["fs"];
    }
  | { kind: "postgres"; url: string; max?: number };

/**
 * A connection to PostgreSQL that is not ready in this many seconds fails (postgres.js waits 30 s
 * by default): a server that cannot reach its database says so at once.
 */
export const CONNECT_TIMEOUT_SECONDS = 5;

/** DATABASE_URL names a PostgreSQL server that could not be reached or refused to let us in. */
export class DatabaseUnreachableError extends ConfigError {
  override name = "DatabaseUnreachableError";
}

/** `host:port` of a PostgreSQL URL: what to name in a message (never its password). */
function address(url: string): string {
  try {
    const { hostname, port } = new URL(url);
    return `${hostname || "localhost"}:${port || "5432"}`;
  } catch {
    return "(an unreadable URL)";
  }
}

/**
 * The first query of a process on PostgreSQL: when it fails, one line naming DATABASE_URL, the
 * address and the error code instead of a stack trace.
 */
async function firstContact(client: postgres.Sql, url: string): Promise<void> {
  try {
    await client`select 1`;
  } catch (err) {
    const { code = "", message = "" } = err as { code?: string; message?: string };
    const first = message.split("\n")[0] ?? "";
    const reason = first.includes(code) ? first : [code, first].filter(Boolean).join(" ");
    throw new DatabaseUnreachableError(
      `DATABASE_URL: cannot connect to PostgreSQL at ${address(url)} (${reason || "unknown error"}).`,
    );
  }
}

/**
 * The client Drizzle is given: every query runs as a prepared statement (docs/decisions/075).
 * Drizzle asks postgres.js for an unnamed statement unless a query is named, and postgres.js
 * describes each unnamed statement that has parameters in a round trip of its own before it
 * runs it: two round trips per query. A prepared statement is described once per connection,
 * then each run is one round trip. Transactions and savepoints hand Drizzle clients of their
 * own, so those are given the same treatment.
 */
function preparing(client: postgres.Sql): postgres.Sql {
  const wrapped = (sql: postgres.Sql): postgres.Sql =>
    new Proxy(sql, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        if (property === "unsafe") {
          return (query: string, parameters?: unknown[], options?: object) =>
            target.unsafe(query, parameters as never, { ...options, prepare: true });
        }
        if (property === "begin" || property === "savepoint") {
          // begin(fn) / begin(options, fn); savepoint(fn) / savepoint(name, fn)
          return (...args: unknown[]) => {
            const work = args.at(-1) as (inner: postgres.Sql) => unknown;
            return value.apply(target, [
              ...args.slice(0, -1),
              (inner: postgres.Sql) => work(wrapped(inner)),
            ]);
          };
        }
        return value;
      },
    });
  return wrapped(client);
}

/**
 * False when DATABASE_URL says `?prepare=false`, postgres.js's own switch, for a connection pooler
 * (PgBouncer, Supavisor): one refuses startup parameters it does not know, such as
 * `plan_cache_mode`, and in transaction mode keeps no prepared statements.
 */
function preparesStatements(url: string): boolean {
  try {
    return new URL(url).searchParams.get("prepare") !== "false";
  } catch {
    return true;
  }
}

/**
 * Applies pending migrations on one dedicated connection, holding a session advisory lock so that
 * several Haat processes starting together on one PostgreSQL migrate one after the other.
 */
async function migratePostgresUnderLock(url: string): Promise<void> {
  const client = postgres(url, {
    max: 1,
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    onnotice: () => {},
  });
  try {
    await firstContact(client, url);
    await client`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.end({ timeout: 5 });
  }
}

/**
 * Opens the database (PGlite folder under a lock, or PostgreSQL) and applies pending migrations
 * (`migrate: false` leaves it as it is: backup reads it unchanged, restore fills an empty one).
 */
export async function openDatabase(
  target: DatabaseTarget,
  { migrate = true }: { migrate?: boolean } = {},
): Promise<Database> {
  if (target.kind === "postgres") {
    if (migrate) await migratePostgresUnderLock(target.url);
    const prepared = preparesStatements(target.url);
    const client = postgres(target.url, {
      max: target.max ?? 10,
      connect_timeout: CONNECT_TIMEOUT_SECONDS,
      onnotice: () => {},
      // Each run is planned for its own values, as an unnamed statement is (`preparing` below).
      ...(prepared ? { connection: { plan_cache_mode: "force_custom_plan" } } : {}),
    });
    if (!migrate) {
      try {
        await firstContact(client, target.url);
      } catch (err) {
        await client.end({ timeout: 1 });
        throw err;
      }
    }
    const db = drizzlePostgres({
      client: prepared ? preparing(client) : client,
      schema,
    }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      postgres: client,
      url: target.url,
      close: () => client.end({ timeout: 5 }),
    };
  }

  const lock = target.dataDir ? lockDataDir(path.dirname(target.dataDir)) : undefined;
  try {
    // Loaded only here: a server on PostgreSQL would otherwise hold PGlite's code all its life.
    const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
      await Promise.all([
        import("@electric-sql/pglite"),
        import("@electric-sql/pglite/contrib/pg_trgm"),
        import("drizzle-orm/pglite"),
        import("drizzle-orm/pglite/migrator"),
      ]);
    const client = await PGlite.create({
      dataDir: target.dataDir,
      loadDataDir: target.loadDataDir ?? (migrate ? await templateOfNewFolder(target) : undefined),
      fs: target.fs,
      // On a folder, PGlite writes through Node's fs: a commit is in the OS's hands before the
      // query returns, so a killed process loses no acknowledged write (decision 022). Relaxed
      // durability would acknowledge before the browser file systems' sync; keep it off.
      relaxedDurability: false,
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS],
    });
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    if (migrate) {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_DIR });
    }
    return {
      db,
      kind: "pglite",
      pglite: client,
      async close() {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/**
 * What a new data folder on disk starts from: the committed template (docs/decisions/087), so
 * that a new shop's first start skips initdb. A folder already set up opens as it is; a restore
 * (`migrate: false`) gets an empty database.
 */
async function templateOfNewFolder(
  target: Extract<DatabaseTarget, { kind: "pglite" }>,
): Promise<Blob | undefined> {
  if (!target.dataDir || target.fs || !isNewPgliteDataDir(target.dataDir)) return undefined;
  const template = await readPgliteTemplate();
  if (!template) {
    logger.warn(
      { pglite: installedPgliteVersion() },
      "no database template made by this PGlite (server/db/pglite-template): the new database is set up from scratch, which takes longer; `npm run make-pglite-template` makes one",
    );
  }
  return template;
}

/**
 * PostgreSQL's memory inside PGlite (docs/decisions/049). Its WebAssembly memory only grows, and
 * PGlite touches every shared buffer when it starts, so initdb's 128 MB of shared_buffers were
 * 128 MB of resident memory from the first second. 32 MB hold the hot pages of a 100,000-product
 * catalogue's indexes; the rest is read through the operating system's file cache, and the
 * catalogue cache answers most reads before they reach the database. One process is the only
 * client, so the per-connection tables need no room for 100 connections.
 */
export const PGLITE_MEMORY_SETTINGS = ["-c", "shared_buffers=32MB", "-c", "max_connections=5"];

// Held while a starting process checks whether the database is new and adds the demo data.
const STARTUP_LOCK_KEY = 7_240_312;

/**
 * Runs `work` while no other Haat process on this PostgreSQL runs its own (a session advisory
 * lock on one reserved connection; `work` may use the pool). Servers starting together on a new
 * database would otherwise both find it empty and both add demo data. PGlite has one process.
 */
export async function underStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (!database.postgres) return work();
  const connection = await database.postgres.reserve();
  try {
    await connection`select pg_advisory_lock(${STARTUP_LOCK_KEY})`;
    try {
      return await work();
    } finally {
      await connection`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`;
    }
  } finally {
    connection.release();
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
