import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import {
  copyDataDir,
  freePort,
  type ServerProcess,
  spawnServer,
  startServer,
  untilBuilt,
  waitUntilHealthy,
} from "./server-process";
import { topUpJourneyStock } from "./stock-top-up";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the seeded servers are announced when they run (tests/support/shop.ts reads it). */
    shopsFile: string;
  }
}

/**
 * Every journey signs in and orders from 127.0.0.1: the per-address limits would turn a long run
 * into 429s. The limits themselves are tested in server/http/rate-limits.db.test.ts and
 * tests/e2e/rate-limits.spec.ts.
 */
export const SHOP_ENV = { AUTH_RATE_LIMIT: "off", RATE_LIMIT: "off" } as const;

/** A running seeded server of one worker slot, and the seeded folder journeys may copy. */
export type Shops = { servers: { baseURL: string; dataDir: string }[]; seededDataDir: string };

const servers: ServerProcess[] = [];
let seededDataDir: string | undefined;
let starting: Promise<void> | undefined;
let announceDir: string | undefined;

/**
 * The seeded production servers for the browser journeys (of the build `npm test` makes while
 * Vitest starts: `untilBuilt`): one per worker slot, so that journey files run side by side while
 * each server serves one file at a time, as the single server did. The demo data is made once;
 * each server starts on a copy of that stopped server's folder (docs/decisions/063). They start while the other projects' files
 * already run: tests/support/shop.ts waits for them before a journey file is loaded.
 */
export async function setup(project: TestProject) {
  announceDir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-e2e-shops-"));
  const shopsFile = path.join(announceDir, "shops.json");
  const slots = Math.max(1, project.config.maxWorkers || project.vitest.config.maxWorkers || 1);
  const template = project.getProvidedContext().shopFolderTemplate;
  starting = startShops(slots, template).then(
    (shops) => writeAtomically(shopsFile, JSON.stringify({ ok: true, shops })),
    (err: unknown) => writeAtomically(shopsFile, JSON.stringify({ ok: false, error: String(err) })),
  );
  project.provide("shopsFile", shopsFile);
}

async function startShops(slots: number, template: string | undefined): Promise<Shops> {
  await untilBuilt();
  // Seeding renders nothing now (decision 049) but is still most of a first start: on a machine
  // busy with other work it gets more than a server start's usual 3 minutes.
  const seeding = await startServer(SHOP_ENV, {
    dataDir: template ? copyDataDir(template) : undefined,
    healthyWithinMs: 600_000,
  });
  seededDataDir = seeding.dataDir;
  // The seed's stock is a shop's (4–40 pieces); the journeys together buy more than that.
  await topUpJourneyStock(seeding.url);
  if ((await seeding.stop()) !== 0) {
    throw new Error(`the seeding server did not stop cleanly:\n${seeding.output()}`);
  }
  const started = await Promise.all(
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
  return { servers: started, seededDataDir: seeding.dataDir };
}

function writeAtomically(file: string, text: string) {
  fs.writeFileSync(`${file}.tmp`, text);
  fs.renameSync(`${file}.tmp`, file);
}

export async function teardown() {
  await starting;
  await Promise.all(servers.map((server) => server.stop()));
  for (const server of servers) fs.rmSync(server.dataDir, { recursive: true, force: true });
  if (seededDataDir) fs.rmSync(seededDataDir, { recursive: true, force: true });
  if (announceDir) fs.rmSync(announceDir, { recursive: true, force: true });
}
