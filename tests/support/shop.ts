import fs from "node:fs";
import { inject } from "vitest";
import type { Shops } from "./global-setup";
import { copyDataDir, untilFileExists } from "./server-process";

let shops: Shops | undefined;

/**
 * Waits until the e2e project's seeded servers run (tests/support/global-setup.ts starts them
 * while other files already run). A setup file of the e2e project: before each journey file.
 */
export async function untilShopsRun(timeoutMs = 900_000): Promise<Shops> {
  const file = inject("shopsFile");
  await untilFileExists(file, timeoutMs, "the start of the seeded e2e servers");
  const announced = JSON.parse(fs.readFileSync(file, "utf8")) as
    | { ok: true; shops: Shops }
    | { ok: false; error: string };
  if (!announced.ok) throw new Error(`the seeded e2e servers did not start: ${announced.error}`);
  shops = announced.shops;
  return shops;
}

/**
 * The seeded server of this journey file's worker slot. Vitest gives the files it runs at the
 * same time different slots (`VITEST_POOL_ID`, 1 to maxWorkers), and there is one server per
 * slot: no two journey files share a server at once.
 */
export function shop(): { baseURL: string; dataDir: string } {
  if (!shops) throw new Error("shop() before tests/support/e2e-setup.ts waited for the servers");
  const slot = Number(process.env.VITEST_POOL_ID ?? "1");
  const own = shops.servers[(slot - 1) % shops.servers.length];
  if (!own) throw new Error("No seeded server for this worker slot");
  return own;
}

/** A new DATA_DIR with the demo data already in it, for a journey that starts its own server. */
export function seededDataDir(): string {
  if (!shops) throw new Error("seededDataDir() before tests/support/e2e-setup.ts");
  return copyDataDir(shops.seededDataDir);
}
