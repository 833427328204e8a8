import http from "node:http";
import net from "node:net";
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
  readStoredOrders,
  requireBuild,
  skipDatabase,
  startShop,
} from "./crash-support";

/** Order placements and page loads the server has begun when SIGTERM arrives. */
const ORDERS_IN_FLIGHT = 8;
const PAGES_IN_FLIGHT = 6;

beforeAll(requireBuild);

type Answer = { status: number; connection: string | undefined; body: string };

/**
 * A request on a connection of its own, sent with `Expect: 100-continue`: `begun` resolves
 * when the server answers 100 Continue, which proves it accepted the connection and is handling
 * the request. `finish` sends the body (if any); `answer` is the full response, or rejects if the
 * connection was cut before the response ended.
 */
function requestInFlight(
  server: ServerProcess,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string },
) {
  let begun!: () => void;
  const begunPromise = new Promise<void>((resolve) => {
    begun = resolve;
  });
  const req = http.request({
    host: "127.0.0.1",
    port: server.port,
    method: options.method,
    path: options.path,
    agent: false,
    headers: {
      expect: "100-continue",
      connection: "keep-alive",
      "accept-encoding": "identity",
      ...(options.body === undefined ? {} : { "content-length": Buffer.byteLength(options.body) }),
      ...options.headers,
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on("error", reject);
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("error", reject);
      res.on("aborted", () => reject(new Error(`${options.path}: answer cut short`)));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
      );
    });
  });
  req.on("continue", () => begun());
  req.flushHeaders();
  return {
    // An answer or an error before 100 Continue means the request was never held in flight.
    begun: Promise.race([
      begunPromise,
      answer.then((a) => Promise.reject(new Error(`answered before 100 Continue: ${a.status}`))),
    ]),
    answer,
    finish() {
      req.end(options.body);
    },
  };
}

async function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code === "ECONNREFUSED"));
  });
}

describe.each(DATABASE_KINDS)("SIGTERM with requests in flight (%s)", (kind) => {
  it.skipIf(skipDatabase(kind))(
    "answers every request it had begun, closes idle connections, refuses new ones and exits 0",
    async () => {
      const database = await createShopDatabase(kind);
      let server: ServerProcess | undefined;
      const idleAgent = new http.Agent({ keepAlive: true });
      try {
        const products = await addProducts(database);
        server = await startShop(database, { LOG_LEVEL: "info" });
        const shop = server;

        // A keep-alive connection left idle in the client's pool.
        const idle = await fetchWithAgent(idleAgent, `${shop.url}/healthz`);
        expect(idle.status).toBe(200);
        expect(Object.keys(idleAgent.freeSockets)).toHaveLength(1);

        const orders = Array.from({ length: ORDERS_IN_FLIGHT }, (_, i) => {
          const request = orderRequest(products, `graceful-${i}`, i % 2 === 0);
          return {
            request,
            http: requestInFlight(shop, {
              method: "POST",
              path: "/api/postOrder",
              headers: {
                "content-type": "application/json",
                ...(request.idempotencyKey ? { "idempotency-key": request.idempotencyKey } : {}),
              },
              body: request.body,
            }),
          };
        });
        const pages = Array.from({ length: PAGES_IN_FLIGHT }, (_, i) =>
          requestInFlight(shop, { method: "GET", path: i % 2 ? "/" : "/contact-us" }),
        );
        const all = [...orders.map((o) => o.http), ...pages];
        await Promise.all(all.map((r) => r.begun));
        // Page loads run as soon as they are begun; the orders wait for their bodies.
        for (const page of pages) page.finish();

        shop.child.kill("SIGTERM");
        await expect
          .poll(() => shop.output().includes("shutting down"), { timeout: 60_000 })
          .toBe(true);

        expect(await connectionRefused(shop.port), "new connections are refused").toBe(true);
        // The idle keep-alive connection is closed by the server, so the client's next request
        // opens a new connection and is refused cleanly instead of being cut mid-answer.
        await expect
          .poll(() => Object.keys(idleAgent.freeSockets).length, { timeout: 10_000 })
          .toBe(0);
        await expect(fetchWithAgent(idleAgent, `${shop.url}/healthz`)).rejects.toMatchObject({
          code: "ECONNREFUSED",
        });

        for (const order of orders) order.http.finish();
        const orderAnswers = await Promise.all(orders.map((o) => o.http.answer));
        const pageAnswers = await Promise.all(pages.map((p) => p.answer));

        for (const answer of orderAnswers) {
          expect(answer.status, answer.body).toBe(201);
          expect(answer.connection).toBe("close");
        }
        for (const answer of pageAnswers) {
          expect(answer.status).toBe(200);
          expect(answer.body.trimEnd()).toMatch(/<\/html>$/);
        }
        expect(await shop.exited).toBe(0);

        const acknowledged = new Map<string, Acknowledged>(
          orders.map((o, i) => [o.request.marker, JSON.parse(orderAnswers[i]?.body ?? "")]),
        );
        const requests: OrderRequest[] = orders.map((o) => o.request);
        const db = await database.open();
        const stored = await readStoredOrders(db.db).finally(() => db.close());
        const audit = auditOrders(requests, acknowledged, stored);
        expect(audit.problems).toEqual([]);
        expect(stored).toHaveLength(ORDERS_IN_FLIGHT);
      } finally {
        idleAgent.destroy();
        if (server && server.child.exitCode === null && server.child.signalCode === null) {
          await server.stop("SIGKILL");
        }
        await database.dispose();
      }
    },
  );
});

function fetchWithAgent(agent: http.Agent, url: string): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
      })
      .on("error", reject);
  });
}
