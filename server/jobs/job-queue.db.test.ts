import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../db/client";
import { describeDb, openTestDatabase, TEST_DB } from "../testing/test-context";
import { type JobQueue, openJobQueue } from "./job-queue";

const PERIOD_SECONDS = 1;

/** Periodic jobs as throttled sends (decision 076): one a period, however many servers offer it. */
describeDb(`periodic jobs (${TEST_DB})`, () => {
  let database: Database;
  const servers: JobQueue[] = [];
  let ran = 0;
  let offeredSince = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    // Two servers on one database, each taking the queue's jobs and each offering them.
    for (let server = 0; server < 2; server++) {
      const jobs = await openJobQueue(database, { monitorSeconds: 1 });
      servers.push(jobs);
      await jobs.work("message-sweep", async () => {
        ran++;
      });
      offeredSince ||= Date.now();
      jobs.every("message-sweep", PERIOD_SECONDS);
    }
  });

  afterAll(async () => {
    for (const jobs of servers) await jobs.stop(2_000);
    await database?.close();
  });

  it("runs the job once a period, not once a period per server", async () => {
    await expect.poll(() => ran, { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(3);
    const periods = (Date.now() - offeredSince) / 1000 / PERIOD_SECONDS;
    // At most one job in each period the offers have spanned: never one per server.
    expect(ran).toBeLessThanOrEqual(Math.ceil(periods) + 1);
    // postgres.js answers a list of rows, PGlite an object holding them.
    const answer: unknown = await database.db.execute(
      sql`select singleton_on::text as slot, count(*)::int as jobs from pgboss.job
          where name = 'message-sweep' group by singleton_on`,
    );
    const rows = (Array.isArray(answer) ? answer : (answer as { rows: unknown[] }).rows) as {
      slot: string | null;
      jobs: number;
    }[];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((row) => row.jobs === 1 && row.slot !== null)).toBe(true);
  });

  it("stops offering when the queue stops", async () => {
    for (const jobs of servers) await jobs.stop(2_000);
    const count = ran;
    await new Promise((resolve) => setTimeout(resolve, PERIOD_SECONDS * 1000 * 1.5));
    expect(ran).toBe(count);
  });
});
