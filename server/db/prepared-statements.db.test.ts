import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { createPostgresDatabase, describeDb, TEST_DB } from "../testing/test-context";
import { type Database, openDatabase } from "./client";
import { products } from "./schema";

/**
 * Drizzle's queries on PostgreSQL run as prepared statements (docs/decisions/075): described once
 * per connection, then one round trip per run, in transactions too, each run still planned for
 * its own values. PGlite has no connection protocol: nothing to check there.
 */
describeDb(`Drizzle's statements on PostgreSQL (${TEST_DB})`, () => {
  let database: Database | undefined;
  let unprepared: Database | undefined;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (TEST_DB !== "postgres" || !url) return;
    const created = await createPostgresDatabase(url, { template: inject("postgresTemplate") });
    drop = created.drop;
    // One connection: what it has prepared is what every query below ran on.
    database = await openDatabase({ kind: "postgres", url: created.url, max: 1 });
    unprepared = await openDatabase({
      kind: "postgres",
      url: `${created.url}?prepare=false`,
      max: 1,
    });
  });
  afterAll(async () => {
    await unprepared?.close();
    await database?.close();
    await drop?.();
  });

  const preparedTexts = async (on = database) => {
    if (!on) throw new Error("no database");
    const rows = (await on.db.execute(
      sql`select statement from pg_prepared_statements`,
    )) as unknown as { statement: string }[];
    return rows.map((row) => row.statement);
  };

  it.runIf(TEST_DB === "postgres")(
    "prepares a query built with Drizzle once and runs it again without preparing it anew",
    async () => {
      if (!database) throw new Error("no database");
      const { db } = database;
      for (const id of ["a", "b", "c"]) {
        await db.select({ id: products.id }).from(products).where(eq(products.id, id));
      }
      const selects = (await preparedTexts()).filter(
        (text) => text.includes('from "products"') && text.includes('"products"."id" = $1'),
      );
      expect(selects).toHaveLength(1);

      await db.transaction(async (tx) => {
        await tx.select({ id: products.id }).from(products).where(eq(products.name, "x"));
        await tx.transaction(async (inner) => {
          await inner.select({ id: products.id }).from(products).where(eq(products.category, "y"));
        });
      });
      const texts = await preparedTexts();
      expect(texts.some((text) => text.includes('"products"."name" = $1'))).toBe(true);
      expect(texts.some((text) => text.includes('"products"."category" = $1'))).toBe(true);

      const [mode] = (await db.execute(sql`show plan_cache_mode`)) as unknown as {
        plan_cache_mode: string;
      }[];
      expect(mode?.plan_cache_mode).toBe("force_custom_plan");
    },
  );

  it.runIf(TEST_DB === "postgres")(
    "prepares nothing and sets no startup parameter when DATABASE_URL says ?prepare=false (a pooler)",
    async () => {
      if (!unprepared) throw new Error("no database");
      const { db } = unprepared;
      for (const id of ["a", "b"]) {
        await db.select({ id: products.id }).from(products).where(eq(products.id, id));
      }
      expect(await preparedTexts(unprepared)).toEqual([]);
      const [mode] = (await db.execute(sql`show plan_cache_mode`)) as unknown as {
        plan_cache_mode: string;
      }[];
      expect(mode?.plan_cache_mode).toBe("auto");
    },
  );
});
