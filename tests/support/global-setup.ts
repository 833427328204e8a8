import fs from "node:fs";
import type { TestProject } from "vitest/node";
import {
  copyDataDir,
  freePort,
  SERVER_ENTRY,
  type ServerProcess,
  spawnServer,
  startServer,
  waitUntilHealthy,
} from "./server-process";

/** A running seeded production server: its address and its DATA_DIR. */
export type Shop = { baseURL: string; dataDir: string };

declare module "vitest" {
  export interface ProvidedContext {
    /** One seeded server per worker slot (`VITEST_POOL_ID`); a journey takes its own with `shop()`. */
    shops: Shop[];
    /** The DATA_DIR of a stopped seeded server, which journeys needing a server of their own copy. */
    seededDataDir: string;
  }
}

/**
 * Every journey signs in and orders from 127.0.0.1: the per-address limits would turn a long run
 * into 429s. The limits themselves are tested in server/http/rate-limits.db.test.ts and
 * tests/e2e/rate-limits.spec.ts.
 */
export const SHOP_ENV = { AUTH_RATE_LIMIT: "off", RATE_LIMIT: "off" } as const;

const servers: ServerProcess[] = [];
let seededDataDir: string | undefined;

/**
 * The seeded production servers for the browser journeys (built by `npm test` beforehand): one
 * per worker slot, so that journey files run side by side while each server still serves one
 * file at a time, as the single server did. The demo data is made once (rendering its images is
 * most of a first start); each server starts on a copy of that stopped server's folder.
 */
export async function setup(project: TestProject) {
  if (!fs.existsSync(SERVER_ENTRY)) {
    throw new Error("No production build: run `npm run build` (npm test does it) first");
  }
  const seeding = await startServer(SHOP_ENV);
  seededDataDir = seeding.dataDir;
  if ((await seeding.stop()) !== 0) {
    throw new Error(`the seeding server did not stop cleanly:\n${seeding.output()}`);
  }
  const slots = Math.max(1, project.config.maxWorkers);
  const shops = await Promise.all(
    Array.from({ length: slots }, async () => {
      const server = spawnServer({
        dataDir: copyDataDir(seeding.dataDir),
        port: await freePort(),
        env: SHOP_ENV,
      });
      servers.push(server);
      await waitUntilHealthy(server);
      return { baseURL: server.url, dataDir: server.dataDir };
    }),
  );
  project.provide("shops", shops);
  project.provide("seededDataDir", seeding.dataDir);
}

export async function teardown() {
  await Promise.all(servers.map((server) => server.stop()));
  for (const server of servers) fs.rmSync(server.dataDir, { recursive: true, force: true });
  if (seededDataDir) fs.rmSync(seededDataDir, { recursive: true, force: true });
}
