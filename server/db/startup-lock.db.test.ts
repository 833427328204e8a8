import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { seedWhenFresh } from "../bootstrap";
import { describeDb, openPostgresDatabase, TEST_DB } from "../testing/test-context";
import { type Database, openDatabase } from "./client";
import { slides } from "./schema";

// Several processes share only PostgreSQL; one PGlite folder belongs to one process (data-dir lock).
const describePostgres = TEST_DB === "postgres" ? describeDb : describe.skip;

describePostgres("servers starting together on a new PostgreSQL database", () => {
  let first: Database & { url: string };
  let second: Database;

  beforeAll(async () => {
    first = await openPostgresDatabase(process.env.TEST_DATABASE_URL as string);
    second = await openDatabase({ kind: "postgres", url: first.url, max: 2 });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("adds the demo data once, whichever server gets there first", async () => {
    // A stand-in for the demo seed (minutes of image work): a slow seed that adds one slide.
    const seed = async (ctx: AppContext) => {
      await ctx.db.execute(sql`select pg_sleep(0.3)`);
      await ctx.db
        .insert(slides)
        .values({ id: crypto.randomUUID(), image: "/x.webp", title: "Demo" });
    };
    const serverOn = (database: Database) => ({ database, db: database.db }) as AppContext;

    const seeded = await Promise.all([
      seedWhenFresh(serverOn(first), seed),
      seedWhenFresh(serverOn(second), seed),
    ]);

    expect(seeded.sort()).toEqual([false, true]);
    expect(await first.db.$count(slides)).toBe(1);
  });
});
