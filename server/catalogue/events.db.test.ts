import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAppContext } from "../app-context";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { products } from "../db/schema";
import { mountServerRoutes } from "../http/api";
import type { AppEnv } from "../http/env";
import { createProduct } from "../services/products";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import type { CatalogueChange } from "./events";

/** Redis suites run when TEST_REDIS_URL is set (.ci/run sets it), like the PostgreSQL ones. */
const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL && process.env.CI)
  throw new Error("CI must run the Redis suites: set TEST_REDIS_URL");
const describeRedis: typeof describe = REDIS_URL ? describe : (describe.skip as typeof describe);

function newDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "haat-events-"));
}

/**
 * Two app contexts on one database, as two servers would be. On PostgreSQL they are two processes'
 * worth of connections to one new database; PGlite belongs to one process, so there the "second
 * server" is the same context and the in-process channel is what is tested.
 */
async function openTwoServers(env: Record<string, string> = {}) {
  const url = process.env.TEST_DATABASE_URL;
  if (TEST_DB !== "postgres" || !url) {
    const ctx = await openTestContext(env);
    return { a: ctx, b: ctx, close: () => ctx.close() };
  }
  const name = `haat_events_${randomBytes(6).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const dirs: string[] = [];
  const open = async () => {
    const dir = newDataDir();
    dirs.push(dir);
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dir, ...env });
    const database = await openDatabase({ kind: "postgres", url: target.toString(), max: 3 });
    return createAppContext(config, database);
  };
  const a = await open();
  const b = await open();
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function sharedCatalogueSuite(
  label: string,
  env: Record<string, string>,
  suite: typeof describe = describeDb,
) {
  suite(`catalogue changes reach every server: ${label} (${TEST_DB})`, () => {
    let servers: Awaited<ReturnType<typeof openTwoServers>>;
    let appB: Hono<AppEnv>;
    let productId: string;

    beforeAll(async () => {
      servers = await openTwoServers(env);
      appB = new Hono<AppEnv>();
      mountServerRoutes(appB, servers.b);
      const product = await createProduct(servers.a.db, {
        name: "Portable Bluetooth Speaker 20W",
        description: "Battery: Up to 30 hours",
        category: "Gadget Items",
        subCategory: "Bluetooth Speaker",
        productType: "Best Selling",
        sizes: [],
        colors: [],
        images: [],
        originalPrice: 1800,
        ratings: 4.5,
        reviews: 9,
      });
      productId = product._id;
    });
    afterAll(async () => servers?.close());

    const nameOnB = async () =>
      (
        (await (await appB.request(`/api/product/${productId}`)).json()) as {
          data: { name: string };
        }
      ).data.name;

    it("a write published on one server clears the other's cached answers", async () => {
      expect(await nameOnB()).toBe("Portable Bluetooth Speaker 20W");
      await servers.a.db
        .update(products)
        .set({ name: "Mini Waterproof Speaker" })
        .where(eq(products.id, productId));
      expect(await nameOnB()).toBe("Portable Bluetooth Speaker 20W");

      const heard: CatalogueChange[] = [];
      const stop = servers.b.catalogueEvents.subscribe((change) => heard.push(change));
      await servers.a.catalogueEvents.publish({ kind: "product", id: productId });
      await vi.waitFor(() => expect(heard).toContainEqual({ kind: "product", id: productId }), {
        timeout: 10_000,
      });
      stop();
      expect(await nameOnB()).toBe("Mini Waterproof Speaker");
    });

    it("shares stock changes of several products a moment later, each product by its id", async () => {
      const heard: CatalogueChange[] = [];
      const stop = servers.b.catalogueEvents.subscribe((change) => heard.push(change));
      await servers.a.catalogueEvents.publish({ kind: "stock", id: "stock-p1" });
      await servers.a.catalogueEvents.publish({ kind: "stock", id: "stock-p2" });
      await vi.waitFor(
        () =>
          expect(heard).toEqual(
            expect.arrayContaining([
              { kind: "stock", id: "stock-p1" },
              { kind: "stock", id: "stock-p2" },
            ]),
          ),
        { timeout: 10_000 },
      );
      stop();
    });
  });
}

sharedCatalogueSuite(TEST_DB === "postgres" ? "PostgreSQL LISTEN/NOTIFY" : "in process", {});
sharedCatalogueSuite(
  "Redis pub/sub",
  { REDIS_URL: REDIS_URL ?? "" },
  TEST_DB === "postgres" && !process.env.TEST_DATABASE_URL
    ? (describe.skip as typeof describe)
    : describeRedis,
);

describeRedis("shared channel messages", () => {
  it("ignore an unreadable message on the channel", async () => {
    const { redisCatalogueEvents } = await import("./events");
    const channel = `haat:test:${randomBytes(4).toString("hex")}`;
    const url = REDIS_URL as string;
    const events = redisCatalogueEvents(url, channel);
    try {
      await events.ready;
      const heard: CatalogueChange[] = [];
      events.subscribe((c) => heard.push(c));
      const other = redisCatalogueEvents(url, channel);
      await other.ready;
      const { Redis } = await import("ioredis");
      const raw = new Redis(url);
      await raw.publish(channel, "not json");
      await other.publish({ kind: "slide", id: "s-9" });
      await vi.waitFor(() => expect(heard).toEqual([{ kind: "slide", id: "s-9" }]), {
        timeout: 10_000,
      });
      raw.disconnect();
      await other.close();
    } finally {
      await events.close();
    }
  });
});
