import { inject } from "vitest";
import type { Shop } from "./global-setup";
import { copyDataDir } from "./server-process";

/**
 * The seeded server of this journey file's worker slot. Vitest gives each file it runs at the
 * same time a different slot (`VITEST_POOL_ID`, 1 to maxWorkers), and tests/support/global-setup.ts
 * starts one server per slot, so no two journey files share a server at once.
 */
export function shop(): Shop {
  const shops = inject("shops");
  const slot = Number(process.env.VITEST_POOL_ID ?? "1");
  const own = shops[(slot - 1) % shops.length];
  if (!own) throw new Error("No seeded server: the e2e project's global setup starts them");
  return own;
}

/** A new DATA_DIR with the demo data already in it, for a journey that starts its own server. */
export function seededDataDir(): string {
  return copyDataDir(inject("seededDataDir"));
}
