import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createProduct } from "~/server/services/products";
import { describeDb, TEST_DB } from "~/server/testing/test-context";
import { MIGRATIONS_DIR, openDatabase } from "../client";
import { lockDataDir } from "../data-dir-lock";

const run = promisify(execFile);

/**
 * Runs `scripts/<script>.ts` with tsx, as `npm run <script>` does (without npx's own start in
 * front of it); resolves with the exit code.
 */
async function script(name: "backup" | "restore", args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _, ...inherited } = process.env;
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ["--import", "tsx", `scripts/${name}.ts`, ...args],
      {
        env: { ...inherited, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describeDb(`npm run backup / restore on the command line (${TEST_DB})`, () => {
  // Made when the suite runs: a skipped suite (no TEST_DATABASE_URL) runs no afterAll to remove it.
  let dir = "";
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-backup-cli-"));
  });
  const admin = process.env.TEST_DATABASE_URL
    ? postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} })
    : undefined;
  const databases: string[] = [];

  /** Where a database lives, as the scripts' environment: a DATA_DIR or a new PostgreSQL database. */
  async function location(name: string): Promise<Record<string, string>> {
    if (TEST_DB === "pglite") return { DATA_DIR: path.join(dir, name) };
    const db = `haat_cli_${randomBytes(6).toString("hex")}`;
    await admin?.unsafe(`CREATE DATABASE ${db}`);
    databases.push(db);
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${db}`;
    return { DATA_DIR: path.join(dir, name), DATABASE_URL: url.toString() };
  }

  let source: Record<string, string>;
  beforeAll(async () => {
    source = await location("source");
    const database = await openDatabase(
      source.DATABASE_URL
        ? { kind: "postgres", url: source.DATABASE_URL }
        : { kind: "pglite", dataDir: path.join(source.DATA_DIR as string, "pglite") },
    );
    try {
      await createProduct(database.db, {
        name: "নকশি কাঁথা 'hand-stitched'",
        description: "Two\nlines",
        category: "Home and Living",
        subCategory: "Bedsheet",
        productType: "New Arrivals",
        sizes: [],
        colors: [],
        images: [],
        originalPrice: 3500,
        ratings: 5,
        reviews: 0,
      });
    } finally {
      await database.close();
    }
  });

  afterAll(async () => {
    for (const db of databases) await admin?.unsafe(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await admin?.end();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.runIf(TEST_DB === "pglite")(
    "refuses to back up a data folder a running server holds",
    async () => {
      const lock = lockDataDir(source.DATA_DIR as string);
      try {
        const res = await script("backup", [], source);
        expect(res.code).toBe(1);
        expect(res.stderr).toContain(`is in use by another Haat process (pid ${process.pid})`);
        expect(res.stderr).toContain("stop that server first");
        expect(fs.existsSync(path.join(source.DATA_DIR as string, "backups"))).toBe(false);
      } finally {
        lock.release();
      }
    },
    120_000,
  );

  it("backs up to a SQL file and restores it into an empty database", async () => {
    const backedUp = await script("backup", [], source);
    expect(backedUp.stderr).not.toMatch(/error/i);
    expect(backedUp.code).toBe(0);
    const file = backedUp.stdout.trim().split("\n").at(-1) as string;
    expect(file).toMatch(/backups[/\\]haat-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sql$/);
    expect(fs.readFileSync(file, "utf8")).toContain("নকশি কাঁথা ''hand-stitched''");
    // At the newest migration, with the one product: the other rows are the migrations' own.
    const newest = fs
      .readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith(".sql"))
      .sort()
      .at(-1)
      ?.replace(/\.sql$/, "");
    const summary = new RegExp(`\\(migration ${newest}, (\\d+ rows in \\d+ tables)\\)`).exec(
      backedUp.stdout,
    );
    expect(summary, backedUp.stdout).not.toBeNull();
    expect(fs.readFileSync(file, "utf8")).toContain("-- Rows: public.products 1\n");

    const target = await location("target");
    const restored = await script("restore", [file], target);
    expect(restored.stderr).not.toContain("Nothing was restored");
    // Every row the backup counted, at the same migration.
    expect(restored.stdout).toMatch(
      new RegExp(`^Restored ${summary?.[1]} \\(migration ${newest}\\)`),
    );
    expect(restored.code).toBe(0);
  }, 240_000);
});
