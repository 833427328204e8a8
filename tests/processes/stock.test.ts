import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productInputSchema } from "~/core/schemas";
import { type Database, openDatabase } from "~/server/db/client";
import { orders, productStock, stockLedger } from "~/server/db/schema";
import { createProduct } from "~/server/services/products";
import { ledgerMismatches } from "~/server/testing/stock-ledger";
import { createPostgresDatabase } from "~/server/testing/test-context";
import type { ServerProcess } from "../support/server-process";
import {
  createShopDatabase,
  DATABASE_KINDS,
  requireBuild,
  skipDatabase,
  startShop,
} from "./crash-support";
import {
  call,
  eventually,
  inParallel,
  type ServerPair,
  startServerPair,
} from "./scale-out-support";

/**
 * Issue 22 item 7 with real server processes: two servers on one PostgreSQL selling the same
 * last pieces, and a server killed (SIGKILL) while orders take stock.
 */

beforeAll(requireBuild);

const CUSTOMER = {
  name: "Stock Tester",
  mobileNumber: "01712345678",
  district: "ঢাকা",
  thana: "মিরপুর",
  address: "House 12, Road 3, Section 10",
  deliveryArea: "Inside Dhaka",
};

/** A tracked product with `quantity` pieces of its one variant, added straight to the database. */
async function addTrackedProduct(db: Database, quantity: number) {
  const product = await createProduct(
    db.db,
    productInputSchema.parse({
      name: "Last Pieces Hijab",
      category: "Women Items",
      subCategory: "Hijab",
      productType: "Best Selling",
      originalPrice: 1200,
      trackStock: true,
      stock: [{ size: "N/A", color: "N/A", quantity }],
    }),
  );
  return product._id;
}

const orderBody = (productId: string, marker: string) =>
  JSON.stringify({
    products: [{ id: productId, color: "N/A", size: "N/A", originalPrice: 1200, quantity: 1 }],
    customerData: { ...CUSTOMER, email: "stock-tester@haat.test", comment: marker },
  });

type Answer = { status: number; body: { insertedId?: string; error?: { code: string } } } | null;

/** POST /api/postOrder; null when the server gave no answer (killed). */
async function post(baseUrl: string, body: string, key?: string): Promise<Answer> {
  try {
    const res = await fetch(`${baseUrl}/api/postOrder`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(key ? { "idempotency-key": key } : {}) },
      body,
    });
    return { status: res.status, body: await res.json() };
  } catch {
    return null;
  }
}

async function onHand(db: Database, productId: string): Promise<number | undefined> {
  const [row] = await db.db
    .select({ q: productStock.quantity })
    .from(productStock)
    .where(and(eq(productStock.productId, productId), eq(productStock.size, "N/A")));
  return row?.q;
}

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)("two servers on one PostgreSQL selling the last pieces", () => {
  let pair: ServerPair;
  let db: Database;
  let drop: () => Promise<void>;
  let productId: string;

  beforeAll(async () => {
    const created = await createPostgresDatabase(postgresUrl as string);
    drop = created.drop;
    db = await openDatabase({ kind: "postgres", url: created.url, max: 2 });
    productId = await addTrackedProduct(db, 51);
    pair = await startServerPair({ databaseUrl: created.url });
  }, 240_000);
  afterAll(async () => {
    await pair?.stop();
    await db?.close();
    await drop?.();
  });

  const product = async (server: ServerProcess) =>
    (
      (await (await call(server, `/api/product/${productId}`)).json()) as {
        data: { stock: { quantity: number }[] };
      }
    ).data.stock[0]?.quantity;

  it("shows an order's stock on the other server at once, then 200 orders take exactly the 50 left", async () => {
    // Server two has the product cached; an order on server one takes a piece.
    expect(await product(pair.two)).toBe(51);
    const first = await post(pair.one.url, orderBody(productId, "first"));
    expect(first?.status).toBe(201);
    expect(
      await eventually(
        () => product(pair.two),
        (q) => q === 50,
      ),
    ).toBe(50);

    const answers = await inParallel(200, 40, (i) =>
      post((i % 2 ? pair.one : pair.two).url, orderBody(productId, `race-${i}`), randomUUID()),
    );
    const statuses = answers.map((a) => a?.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(50);
    expect(statuses.filter((s) => s === 409)).toHaveLength(150);
    expect(
      answers.filter((a) => a?.status === 409).every((a) => a?.body.error?.code === "out_of_stock"),
    ).toBe(true);
    // Both servers sold some.
    expect(new Set(answers.flatMap((a, i) => (a?.status === 201 ? [i % 2] : []))).size).toBe(2);

    expect(await onHand(db, productId)).toBe(0);
    expect(await ledgerMismatches(db.db)).toEqual([]);
    expect(await db.db.$count(stockLedger, eq(stockLedger.reason, "order_placed"))).toBe(51);
    expect(
      await eventually(
        () => product(pair.one),
        (q) => q === 0,
      ),
    ).toBe(0);
    expect(
      await eventually(
        () => product(pair.two),
        (q) => q === 0,
      ),
    ).toBe(0);
  });
});

/** Clients placing one-piece orders at once; the server is killed after this many acknowledged. */
const CLIENTS = 12;
const ACKNOWLEDGED_BEFORE_KILL = 20;
const ON_HAND = 60;

describe.each(DATABASE_KINDS)("a server killed while orders take stock (%s)", (kind) => {
  it.skipIf(skipDatabase(kind))(
    "loses no acknowledged order, takes stock once per stored order, and never oversells after restart",
    async () => {
      const database = await createShopDatabase(kind);
      let server: ServerProcess | undefined;
      try {
        const opened = await database.open();
        const productId = await addTrackedProduct(opened, ON_HAND).finally(() => opened.close());
        server = await startShop(database);

        // Orders until 20 are acknowledged, then SIGKILL with the others in flight.
        const sent: { marker: string; key?: string }[] = [];
        const acknowledged = new Map<string, string>();
        let killed = false;
        const killing = server;
        await Promise.all(
          Array.from({ length: CLIENTS }, async () => {
            while (!killed) {
              const marker = `kill-${sent.length}`;
              const key = sent.length % 2 ? randomUUID() : undefined;
              sent.push({ marker, key });
              const answer = await post(killing.url, orderBody(productId, marker), key);
              if (answer?.status !== 201) continue;
              acknowledged.set(marker, answer.body.insertedId as string);
              if (acknowledged.size >= ACKNOWLEDGED_BEFORE_KILL && !killed) {
                killed = true;
                killing.child.kill("SIGKILL");
              }
            }
          }),
        );
        await killing.exited;
        expect(killing.child.signalCode).toBe("SIGKILL");

        server = await startShop(database);
        const url = server.url;
        // Keyed requests are retried: an acknowledged one answers its order and takes nothing.
        for (const request of sent.filter((r) => r.key)) {
          const answer = await post(url, orderBody(productId, request.marker), request.key);
          expect([200, 201]).toContain(answer?.status);
          const earlier = acknowledged.get(request.marker);
          if (earlier) expect(answer?.body.insertedId).toBe(earlier);
        }
        // Then more customers than pieces: the rest sells out exactly.
        const more = await inParallel(80, CLIENTS, (i) =>
          post(url, orderBody(productId, `after-${i}`), randomUUID()),
        );
        expect(more.every((a) => a?.status === 201 || a?.body.error?.code === "out_of_stock")).toBe(
          true,
        );
        expect(more.some((a) => a?.status === 409)).toBe(true);
        expect(await server.stop("SIGTERM")).toBe(0);

        const db = await database.open();
        try {
          const stored = await db.db
            .select({ id: orders.id, comment: orders.comment })
            .from(orders);
          const storedIds = new Set(stored.map((o) => o.id));
          for (const [marker, id] of acknowledged) {
            expect(storedIds.has(id), `${marker} acknowledged as ${id}`).toBe(true);
          }
          // Each stored order took its piece once, and only stored orders took any.
          const taken = await db.db
            .select({ orderId: stockLedger.orderId })
            .from(stockLedger)
            .where(eq(stockLedger.reason, "order_placed"));
          expect(taken.map((t) => t.orderId).sort()).toEqual([...storedIds].sort());
          expect(stored).toHaveLength(ON_HAND);
          expect(await onHand(db, productId)).toBe(0);
          expect(await ledgerMismatches(db.db)).toEqual([]);
          console.log(
            `stock crash figures: ${JSON.stringify({ database: kind, sent: sent.length, acknowledgedBeforeKill: acknowledged.size, stored: stored.length })}`,
          );
        } finally {
          await db.close();
        }
      } finally {
        if (server && server.child.exitCode === null && server.child.signalCode === null) {
          await server.stop("SIGKILL");
        }
        await database.dispose();
      }
    },
    240_000,
  );
});
