import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client";
import { installedPgliteVersion, pgliteTemplateInfo, readPgliteTemplate } from "./pglite-template";
import { slides } from "./schema";

const folders: string[] = [];
function newDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-template-"));
  folders.push(dir);
  return path.join(dir, "pglite");
}
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The `name` column of a query's rows (PGlite answers an object holding them). */
async function names(database: Database, query: ReturnType<typeof sql>): Promise<string[]> {
  const answer: unknown = await database.db.execute(query);
  const rows = (Array.isArray(answer) ? answer : (answer as { rows: unknown[] }).rows) as {
    name: string;
  }[];
  return rows.map((r) => r.name);
}

const schemaNames = (database: Database) =>
  names(database, sql`select schema_name as name from information_schema.schemata`);
const tableNames = (database: Database) =>
  names(
    database,
    sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
  );

describe("the new database template (decision 087)", () => {
  it("was made by the PGlite this project installs (else run `npm run make-pglite-template`)", () => {
    expect(pgliteTemplateInfo()?.pglite).toBe(installedPgliteVersion());
  });

  it("is not used by another PGlite version, nor where there is none", async () => {
    expect(await readPgliteTemplate({ installed: "0.0.0-another" })).toBeUndefined();
    const empty = path.dirname(newDataDir());
    expect(await readPgliteTemplate({ dir: empty })).toBeUndefined();
  });

  // A restore's new folder (`migrate: false`) stays empty: backup-cli.db.test.ts restores into one.
  it("starts a new data folder as a first start leaves it, and a set-up folder opens as it is", async () => {
    const dataDir = newDataDir();
    const first = await openDatabase({ kind: "pglite", dataDir });
    try {
      // Migrated, and with the job queue's schema, which only the template brings this early.
      expect(await tableNames(first)).toEqual(expect.arrayContaining(["products", "orders"]));
      expect(await schemaNames(first)).toContain("pgboss");
      await first.db.insert(slides).values({ id: "slide-kept", image: "/media/x.webp", title: "" });
    } finally {
      await first.close();
    }
    const again = await openDatabase({ kind: "pglite", dataDir });
    try {
      expect(await again.db.select({ id: slides.id }).from(slides)).toEqual([{ id: "slide-kept" }]);
    } finally {
      await again.close();
    }
    // Two starts of PGlite: seconds on a busy machine, beyond the unit tests' 5 s default.
  }, 60_000);
});
