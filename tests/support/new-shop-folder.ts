import { inject } from "vitest";
import { copyDataDir, tempDataDir } from "./server-process";

declare module "vitest" {
  export interface ProvidedContext {
    /** A new shop's DATA_DIR as its first start leaves it (tests/support/database-templates.ts). */
    shopFolderTemplate?: string;
  }
}

/**
 * A DATA_DIR for a new shop without demo data: a copy of the run's migrated folder when the
 * project has one, so that its server starts without PGlite's initdb, as on a second start
 * (docs/decisions/069); else an empty folder.
 */
export function newShopDataDir(): string {
  const template = inject("shopFolderTemplate");
  return template ? copyDataDir(template) : tempDataDir();
}
