import { afterAll, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { phoneBlocks, user } from "../db/schema";
import { signUpAdmin } from "./accounts";
import { describeDb, openTestContext, TEST_DB } from "./test-context";

/**
 * The suites' databases start from one migrated template per run (a PGlite data folder read once
 * per worker, or a PostgreSQL template): each must be a copy of its own. PGlite's in-memory copies
 * share their files' bytes if the dump is read into a Node Buffer, and a database opened later
 * then takes another's writes for its own (server/testing/pglite-copies.ts).
 */
describeDb(`the suites' databases (${TEST_DB})`, () => {
  const opened: AppContext[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((ctx) => ctx.close()));
  });

  const open = async () => {
    const ctx = await openTestContext();
    opened.push(ctx);
    return ctx;
  };
  const emails = async (ctx: AppContext) =>
    (await ctx.db.select({ email: user.email }).from(user)).map((r) => r.email);
  const phones = async (ctx: AppContext) =>
    (await ctx.db.select({ phone: phoneBlocks.phone }).from(phoneBlocks)).map((r) => r.phone);

  it("are migrated copies that never see another one's writes", async () => {
    const first = await open();
    await signUpAdmin(first, { email: "boss@haat.test" });
    await first.db.insert(phoneBlocks).values({ phone: "01711111111", reason: "in the first" });

    const second = await open();
    expect(await emails(second)).toEqual([]);
    expect(await phones(second)).toEqual([]);
    await signUpAdmin(second, { email: "boss@haat.test" });
    expect(await emails(second)).toEqual(["boss@haat.test"]);
    expect(await phones(first)).toEqual(["01711111111"]);
  });
});
