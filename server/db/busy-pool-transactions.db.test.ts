import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { describeDb, openPostgresDatabase, TEST_DB } from "../testing/test-context";
import { inTransaction } from "./backup/session";
import type { Database } from "./client";
import { products } from "./schema";

/**
 * Transactions on a pool that is full of other requests' queries (docs/decisions/101): each
 * transaction gets its connection to itself, and no connection goes back to the pool inside a
 * transaction. postgres.js 3.4's begin failed this at the pipeline's limit (UNSAFE_TRANSACTION,
 * then 25P02 for unrelated queries on that connection). PGlite has one connection: nothing to check.
 */
describeDb(`transactions beside a busy pool (${TEST_DB})`, () => {
  let database: Database | undefined;

  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (TEST_DB !== "postgres" || !url) return;
    // Two connections: a few hundred queries queue behind them (postgres.js 3.4 pipelined 100).
    database = await openPostgresDatabase(url, { template: inject("postgresTemplate"), max: 2 });
  });
  afterAll(async () => {
    await database?.close();
  });

  const opened = () => {
    if (!database) throw new Error("no database");
    return database;
  };

  /** Plain queries on the pool, one of which fails: each of the others must still answer. */
  const poolAnswers = async () => {
    const { db } = opened();
    return Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        db
          .execute(i === 1 ? sql`select 1 / 0` : sql`select 1 as one`)
          .then(() => "ok")
          .catch(
            (err: { cause?: { code?: string }; code?: string }) => err.cause?.code ?? err.code,
          ),
      ),
    );
  };

  it.runIf(TEST_DB === "postgres")(
    "a transaction that starts behind hundreds of queued queries commits, and leaves the pool clean",
    async () => {
      const { db } = opened();
      const failures: string[] = [];
      // The pipeline's limit falls on a different query for each count of queries queued first.
      for (let queued = 150; queued <= 260; queued++) {
        // Started first (a Drizzle query runs once awaited), so they are queued before the BEGIN.
        const others = Array.from({ length: queued }, () =>
          Promise.resolve(db.execute(sql`select 1 as one`)),
        );
        await new Promise((resolve) => setImmediate(resolve));
        const outcome = await db
          .transaction(async (tx) => {
            const [row] = (await tx.execute(sql`select ${queued}::int as n`)) as unknown as {
              n: number;
            }[];
            return row?.n;
          })
          .catch((err: Error) => `${(err as { code?: string }).code ?? ""} ${err.message}`);
        await Promise.all(others);
        if (outcome !== queued) failures.push(`${queued}: ${String(outcome)}`);
      }
      expect(failures).toEqual([]);
      expect(await poolAnswers()).toEqual(["ok", "22012", "ok", "ok", "ok", "ok", "ok", "ok"]);
      const [idle] = (await db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and state like 'idle in transaction%'`,
      )) as unknown as { n: number }[];
      expect(idle?.n).toBe(0);
    },
  );

  it.runIf(TEST_DB === "postgres")(
    "a failed transaction stores nothing; a failed savepoint undoes only its own part",
    async () => {
      const { db } = opened();
      const names = ["Kept Lamp", "Undone Lamp", "Lost Lamp"];
      await db.delete(products).where(sql`${products.name} in ${names}`);
      const insert = (name: string) =>
        sql`insert into products (id, name, category, sub_category, product_type, original_price)
            values (${`rt-${name}`}, ${name}, 'Lamp', 'Desk', 'Lamp', 100)`;
      await db.transaction(async (tx) => {
        await tx.execute(insert("Kept Lamp"));
        await expect(
          tx.transaction(async (inner) => {
            await inner.execute(insert("Undone Lamp"));
            throw new Error("the inner part fails");
          }),
        ).rejects.toThrow("the inner part fails");
      });
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(insert("Lost Lamp"));
          await tx.execute(sql`select 1 / 0`);
        }),
      ).rejects.toThrow();
      const stored = await db
        .select({ name: products.name })
        .from(products)
        .where(sql`${products.name} in ${names}`);
      expect(stored.map((row) => row.name)).toEqual(["Kept Lamp"]);
      expect(await poolAnswers()).toEqual(["ok", "22012", "ok", "ok", "ok", "ok", "ok", "ok"]);
      await db.delete(products).where(eq(products.name, "Kept Lamp"));
    },
  );

  it.runIf(TEST_DB === "postgres")(
    "a connection that dies fails only its own query or transaction; the pool's next queries get their own answers",
    async () => {
      const { db } = opened();
      const ownAnswers = () =>
        Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            db
              .execute(sql`select ${i}::int as n`)
              .then((rows) => (rows as unknown as { n: number }[]).map((row) => row.n))
              .catch(
                (err: { cause?: { code?: string }; code?: string }) => err.cause?.code ?? err.code,
              ),
          ),
        );
      const everyOwn = Array.from({ length: 8 }, (_, i) => [i]);
      // As when PostgreSQL restarts or an administrator ends a session: the backend goes away.
      await expect(
        db.execute(sql`select pg_terminate_backend(pg_backend_pid())`),
      ).rejects.toThrow();
      expect(await ownAnswers()).toEqual(everyOwn);
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
        }),
      ).rejects.toThrow();
      expect(await ownAnswers()).toEqual(everyOwn);
    },
  );

  it.runIf(TEST_DB === "postgres")(
    "a backup's snapshot transaction is read only, and its connection goes back out of it",
    async () => {
      const database = opened();
      await expect(
        inTransaction(database, "snapshot", (session) =>
          session.run("create table rt_not_allowed (id int)"),
        ),
      ).rejects.toThrow(/read-only transaction/);
      const rows = await inTransaction(database, "snapshot", (session) =>
        session.rows("select current_setting('transaction_isolation')"),
      );
      expect(rows).toEqual([["repeatable read"]]);
      expect(await poolAnswers()).toEqual(["ok", "22012", "ok", "ok", "ok", "ok", "ok", "ok"]);
    },
  );
});
