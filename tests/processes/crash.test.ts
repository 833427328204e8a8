import { beforeAll, describe, expect, it } from "vitest";
import type { ServerProcess } from "../support/server-process";
import {
  type Acknowledged,
  addProducts,
  auditOrders,
  createShopDatabase,
  DATABASE_KINDS,
  type OrderRequest,
  orderRequest,
  postOrder,
  readStoredOrders,
  requireBuild,
  type ShopProduct,
  skipDatabase,
  startShop,
} from "./crash-support";

const ROUNDS = 3;
/** Placements in flight at once: the kill always lands in the middle of some of them. */
const CONCURRENCY = 12;
/** The server is killed as soon as this many orders of the round were acknowledged. */
const ACKNOWLEDGED_BEFORE_KILL = 20;

beforeAll(requireBuild);

/** Runs `task` on every item, `width` at a time, keeping the order of the answers. */
async function inBatches<T, R>(items: T[], width: number, task: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width) {
    results.push(...(await Promise.all(items.slice(i, i + width).map(task))));
  }
  return results;
}

/**
 * Places orders from CONCURRENCY clients (every other one with an Idempotency-Key) until
 * ACKNOWLEDGED_BEFORE_KILL are acknowledged, then SIGKILLs the server while the rest are in flight.
 */
async function placeUntilKilled(
  server: ServerProcess,
  products: ShopProduct[],
  round: number,
  requests: OrderRequest[],
  acknowledged: Map<string, Acknowledged>,
): Promise<{ acknowledged: number; refused: string[] }> {
  let sequence = 0;
  let acknowledgedThisRound = 0;
  let killed = false;
  const refused: string[] = [];
  const client = async () => {
    while (!killed) {
      sequence++;
      const request = orderRequest(products, `crash-${round}-${sequence}`, sequence % 2 === 0);
      requests.push(request);
      const outcome = await postOrder(server.url, request);
      if (outcome.kind === "refused") refused.push(`${outcome.status} ${outcome.body}`);
      if (outcome.kind !== "acknowledged") continue;
      acknowledged.set(request.marker, outcome.order);
      acknowledgedThisRound++;
      if (acknowledgedThisRound >= ACKNOWLEDGED_BEFORE_KILL && !killed) {
        killed = true;
        server.child.kill("SIGKILL");
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  await server.exited;
  return { acknowledged: acknowledgedThisRound, refused };
}

describe.each(DATABASE_KINDS)("a server killed while placing orders (%s)", (kind) => {
  it.skipIf(skipDatabase(kind))(
    "keeps every acknowledged order exactly once, whole, across SIGKILLs and retries",
    async () => {
      const database = await createShopDatabase(kind);
      let server: ServerProcess | undefined;
      try {
        const products = await addProducts(database);
        server = await startShop(database);
        const requests: OrderRequest[] = [];
        const acknowledged = new Map<string, Acknowledged>();
        let acknowledgedBeforeKills = 0;
        let retried = 0;

        for (let round = 1; round <= ROUNDS; round++) {
          const sentBefore = requests.length;
          const placed = await placeUntilKilled(server, products, round, requests, acknowledged);
          expect(placed.refused, "valid orders are never refused").toEqual([]);
          expect(server.child.signalCode).toBe("SIGKILL");
          acknowledgedBeforeKills += placed.acknowledged;

          server = await startShop(database);
          // The client of a keyed request retries it with the same key after the crash: one
          // that was acknowledged gets the same order back, one without an answer gets
          // the order stored before the crash or a new one.
          const keyed = requests.slice(sentBefore).filter((r) => r.idempotencyKey);
          retried += keyed.length;
          const url = server.url;
          const retries = await inBatches(keyed, CONCURRENCY, (r) => postOrder(url, r));
          keyed.forEach((request, i) => {
            const outcome = retries[i];
            expect(outcome?.kind, JSON.stringify(outcome)).toBe("acknowledged");
            if (outcome?.kind !== "acknowledged") return;
            const earlier = acknowledged.get(request.marker);
            if (earlier) {
              expect(outcome.status).toBe(200);
              expect(outcome.order).toEqual(earlier);
            }
            acknowledged.set(request.marker, outcome.order);
          });
        }

        expect(await server.stop("SIGTERM")).toBe(0);
        const db = await database.open();
        const stored = await readStoredOrders(db.db).finally(() => db.close());
        const audit = auditOrders(requests, acknowledged, stored);
        const figures = {
          database: kind,
          rounds: ROUNDS,
          placed: requests.length,
          acknowledgedBeforeKills,
          noAnswer: requests.length - acknowledgedBeforeKills,
          storedWithoutAnswer: audit.storedWithoutAnswer,
          keyedRetries: retried,
          ordersStored: stored.length,
          lost: audit.lost,
          duplicates: audit.duplicates,
          duplicateKeys: audit.duplicateKeys,
          halfWritten: audit.halfWritten,
        };
        console.log(`crash test figures: ${JSON.stringify(figures)}`);

        expect(audit.problems).toEqual([]);
        expect(figures).toMatchObject({ lost: 0, duplicates: 0, duplicateKeys: 0, halfWritten: 0 });
        expect(acknowledgedBeforeKills).toBeGreaterThanOrEqual(ROUNDS * ACKNOWLEDGED_BEFORE_KILL);
        expect(stored.length).toBeGreaterThanOrEqual(acknowledged.size);
      } finally {
        if (server && server.child.exitCode === null && server.child.signalCode === null) {
          await server.stop("SIGKILL");
        }
        await database.dispose();
      }
    },
    // Four server starts per database: room for a busy machine, still bounded.
    240_000,
  );
});
