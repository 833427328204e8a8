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
  /** The fresh database's URL, for the server and the direct measurements. */
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
    const started = performance.now();
    const ctx = await createAppContext(
      loadConfig({ NODE_ENV: "development", DATABASE_URL: url, DATA_DIR: dataDir }),
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
    return { url, dataDir, seedSeconds: (performance.now() - started) / 1000, products, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}
