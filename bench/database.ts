import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { createAppContext } from "../server/app-context";
import { loadConfig } from "../server/config";
import { progressBar, seedLargeCatalogue } from "../server/db/seed/large-catalogue";
import { seedDemoData } from "../server/db/seed/seed";

export type BenchDatabase = {
  /** The fresh database's URL, for the server and the direct measurements ("" for PGlite). */
  url: string;
  /** The DATA_DIR that holds the seeded images; the server must use the same one. */
  dataDir: string;
  seedSeconds: number;
  products: number;
  drop: () => Promise<void>;
};

/**
 * A new PostgreSQL database on the given server, seeded like `npm run seed -- --products N`
 * (demo data, then generated products up to N). `drop` removes it and its DATA_DIR.
 */
export async function createBenchDatabase(
  adminUrl: string,
  products: number,
  log: (line: string) => void,
): Promise<BenchDatabase> {
  const name = `haat_bench_${randomBytes(5).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  const url = target.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-bench-pg-"));
  const drop = async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const seedSeconds = await seedBenchCatalogue(url, dataDir, products, log);
    return { url, dataDir, seedSeconds, products, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

/** Demo data, then generated products up to `products`, as `npm run seed -- --products N` does. */
async function seedBenchCatalogue(
  databaseUrl: string,
  dataDir: string,
  products: number,
  log: (line: string) => void,
): Promise<number> {
  const started = performance.now();
  const ctx = await createAppContext(
    loadConfig({ NODE_ENV: "development", DATABASE_URL: databaseUrl, DATA_DIR: dataDir }),
    undefined,
    { workers: false },
  );
  try {
    await seedDemoData(ctx);
    let shown = 0;
    await seedLargeCatalogue(ctx, {
      products,
      onProgress(p) {
        if (p.done === p.total || p.done - shown >= p.total / 4) {
          shown = p.done;
          log(`  seeding ${progressBar(p, 20)}`);
        }
      },
    });
  } finally {
    await ctx.close();
  }
  return (performance.now() - started) / 1000;
}

/**
 * A new embedded (PGlite) database in a fresh DATA_DIR, seeded the same way; `drop` removes the
 * folder. The seeding process closes it before a server opens it (one process per PGlite folder).
 */
export async function createPgliteBenchDatabase(
  products: number,
  log: (line: string) => void,
): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-bench-pglite-"));
  const drop = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    const seedSeconds = await seedBenchCatalogue("", dataDir, products, log);
    return { url: "", dataDir, seedSeconds, products, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

/** PostgreSQL's cumulative read counters of the products table (pg_stat_user_tables). */
export type CatalogueScanCounters = {
  seqScans: number;
  seqRowsRead: number;
  indexScans: number;
  indexRowsFetched: number;
};

/**
 * The counters as they stand: a sequential scan of `products` is a read of the whole catalogue.
 * A connection reports its counts when it closes (or every few seconds while it lives), so read
 * them after the servers that did the work have stopped.
 */
export async function readCatalogueScans(url: string): Promise<CatalogueScanCounters> {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<
      { seq_scan: string; seq_tup_read: string; idx_scan: string; idx_tup_fetch: string }[]
    >`select coalesce(seq_scan, 0) as seq_scan, coalesce(seq_tup_read, 0) as seq_tup_read,
             coalesce(idx_scan, 0) as idx_scan, coalesce(idx_tup_fetch, 0) as idx_tup_fetch
      from pg_stat_user_tables where relname = 'products'`;
    return {
      seqScans: Number(row?.seq_scan ?? 0),
      seqRowsRead: Number(row?.seq_tup_read ?? 0),
      indexScans: Number(row?.idx_scan ?? 0),
      indexRowsFetched: Number(row?.idx_tup_fetch ?? 0),
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}
