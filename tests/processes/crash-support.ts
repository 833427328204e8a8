import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import { chargeForOrder, DEFAULT_FREE_DELIVERY_OVER } from "~/core/delivery";
import { productInputSchema } from "~/core/schemas";
import { type Database, type Db, openDatabase } from "~/server/db/client";
import { orderLines, orderStatusHistory, orders } from "~/server/db/schema";
import { createProduct } from "~/server/services/products";
import { createPostgresDatabase } from "~/server/testing/test-context";
import { newShopDataDir } from "../support/new-shop-folder";
import {
  freePort,
  SERVER_ENTRY,
  type ServerProcess,
  spawnServer,
  tempDataDir,
  waitUntilHealthy,
} from "../support/server-process";

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl && process.env.CI) {
  throw new Error("CI must run the PostgreSQL process tests: set TEST_DATABASE_URL");
}

/** The databases the process tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASE_KINDS = ["pglite", "postgres"] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];
export const skipDatabase = (kind: DatabaseKind) => kind === "postgres" && !postgresUrl;

export function requireBuild() {
  if (!fs.existsSync(SERVER_ENTRY)) {
    throw new Error("No production build: run `npx react-router build` (npm test does it) first");
  }
}

/** One shop database that outlives the server processes started on it. */
export type ShopDatabase = {
  kind: DatabaseKind;
  dataDir: string;
  /** What a server process needs to use this database. */
  env: Record<string, string>;
  /** A direct connection for checks (PGlite: only while no server holds the folder). */
  open: () => Promise<Database>;
  dispose: () => Promise<void>;
};

export async function createShopDatabase(kind: DatabaseKind): Promise<ShopDatabase> {
  const dataDir = kind === "pglite" ? newShopDataDir() : tempDataDir();
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (kind === "pglite") {
    return {
      kind,
      dataDir,
      env: {},
      open: () => openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") }),
      async dispose() {
        removeDataDir();
      },
    };
  }
  if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
  const created = await createPostgresDatabase(postgresUrl);
  return {
    kind,
    dataDir,
    env: { DATABASE_URL: created.url },
    open: () => openDatabase({ kind: "postgres", url: created.url, max: 2 }),
    async dispose() {
      await created.drop();
      removeDataDir();
    },
  };
}

/**
 * Starts the production build on `database`, without demo data (seeding takes most of a minute);
 * the rate limits are off because every request comes from 127.0.0.1.
 */
export async function startShop(
  database: ShopDatabase,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const server = spawnServer({
    dataDir: database.dataDir,
    port,
    env: {
      AUTH_RATE_LIMIT: "off",
      RATE_LIMIT: "off",
      SEED_DEMO_DATA: "never",
      ...database.env,
      ...env,
    },
  });
  try {
    await waitUntilHealthy(server, 120_000);
  } catch (err) {
    await server.stop("SIGKILL");
    throw err;
  }
  return server;
}

export type ShopProduct = { id: string; price: number; color: string; size: string };

const PRODUCTS = [
  { name: "Crash Test Saree", subCategory: "Saree", price: 2450, colors: ["Red", "Blue"] },
  { name: "Crash Test Kurti", subCategory: "Kurti", price: 990, sizes: ["M", "L"] },
  { name: "Crash Test Hijab", subCategory: "Hijab", price: 350 },
];

/** Adds three products straight into the database (before any server holds it). */
export async function addProducts(database: ShopDatabase): Promise<ShopProduct[]> {
  const opened = await database.open();
  try {
    const added: ShopProduct[] = [];
    for (const p of PRODUCTS) {
      const product = await createProduct(
        opened.db,
        productInputSchema.parse({
          name: p.name,
          category: "Women Items",
          subCategory: p.subCategory,
          productType: "New Arrivals",
          originalPrice: p.price,
          colors: p.colors ?? [],
          sizes: p.sizes ?? [],
        }),
      );
      added.push({
        id: product._id,
        price: p.price,
        color: p.colors?.[0] ?? "N/A",
        size: p.sizes?.[0] ?? "N/A",
      });
    }
    return added;
  } finally {
    await opened.close();
  }
}

/** A valid order: a few lines of `products`, marked with `marker` in the comment to find it later. */
export type OrderRequest = {
  marker: string;
  idempotencyKey?: string;
  lines: { productId: string; unitPrice: number; quantity: number }[];
  subTotal: number;
  total: number;
  body: string;
};

export function orderRequest(
  products: ShopProduct[],
  marker: string,
  keyed: boolean,
): OrderRequest {
  const n = marker.length;
  const chosen = products.filter((_, i) => (n + i) % 2 === 0 || i === 0);
  const lines = chosen.map((p, i) => ({
    productId: p.id,
    unitPrice: p.price,
    quantity: 1 + ((n + i) % 3),
  }));
  const subTotal = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
  // The server's rule: ৳60 inside Dhaka, free from the default FREE_DELIVERY_OVER.
  const charge = chargeForOrder("Inside Dhaka", subTotal, DEFAULT_FREE_DELIVERY_OVER);
  const total = subTotal + charge;
  const body = JSON.stringify({
    subTotal,
    total,
    products: chosen.map((p, i) => ({
      id: p.id,
      color: p.color,
      size: p.size,
      originalPrice: p.price,
      quantity: lines[i]?.quantity,
    })),
    customerData: {
      name: "Crash Tester",
      email: "crash-tester@haat.test",
      mobileNumber: `017${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
      district: "ঢাকা",
      thana: "মিরপুর",
      address: "House 12, Road 3, Section 10",
      comment: marker,
      deliveryArea: "Inside Dhaka",
      deliveryCharge: charge,
    },
  });
  return { marker, idempotencyKey: keyed ? randomUUID() : undefined, lines, subTotal, total, body };
}

export type Acknowledged = { insertedId: string; orderNumber: number };

/** The server's answer to one placement: the order it acknowledged, or why there is none. */
export type Outcome =
  | { kind: "acknowledged"; status: number; order: Acknowledged }
  | { kind: "refused"; status: number; body: string }
  | { kind: "no-answer"; error: string };

export async function postOrder(baseUrl: string, request: OrderRequest): Promise<Outcome> {
  try {
    const res = await fetch(`${baseUrl}/api/postOrder`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(request.idempotencyKey ? { "idempotency-key": request.idempotencyKey } : {}),
      },
      body: request.body,
    });
    const text = await res.text();
    if (res.status === 200 || res.status === 201) {
      return { kind: "acknowledged", status: res.status, order: JSON.parse(text) as Acknowledged };
    }
    return { kind: "refused", status: res.status, body: text };
  } catch (err) {
    return { kind: "no-answer", error: String((err as Error).cause ?? err) };
  }
}

// ---------------------------------------------------------------- Checking what was stored

type StoredOrder = {
  id: string;
  orderNumber: number;
  idempotencyKey: string | null;
  comment: string;
  subTotal: number;
  deliveryCharge: number;
  total: number;
  lines: { productId: string; unitPrice: number; quantity: number; position: number }[];
  historyRows: number;
};

export async function readStoredOrders(db: Db): Promise<StoredOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      idempotencyKey: orders.idempotencyKey,
      comment: orders.comment,
      subTotal: orders.subTotal,
      deliveryCharge: orders.deliveryCharge,
      total: orders.total,
    })
    .from(orders);
  const lines = await db
    .select({
      orderId: orderLines.orderId,
      productId: orderLines.productId,
      unitPrice: orderLines.unitPrice,
      quantity: orderLines.quantity,
      position: orderLines.position,
    })
    .from(orderLines)
    .orderBy(orderLines.orderId, orderLines.position);
  const history = await db
    .select({ orderId: orderStatusHistory.orderId, rows: count() })
    .from(orderStatusHistory)
    .groupBy(orderStatusHistory.orderId);
  const historyRows = new Map(history.map((h) => [h.orderId, h.rows]));
  return rows.map((o) => ({
    ...o,
    lines: lines.filter((l) => l.orderId === o.id).map(({ orderId: _, ...line }) => line),
    historyRows: historyRows.get(o.id) ?? 0,
  }));
}

export type Audit = {
  /** Acknowledged orders missing, or stored under another order number. */
  lost: number;
  /** Orders beyond the first for one request (found by its marker). */
  duplicates: number;
  /** Orders beyond the first for one Idempotency-Key. */
  duplicateKeys: number;
  /** Orders without all their lines and history, or whose totals do not add up. */
  halfWritten: number;
  /** Requests that got no answer but whose order was stored (allowed). */
  storedWithoutAnswer: number;
  problems: string[];
};

/** Compares what the server acknowledged (by request marker) with the orders in the database. */
export function auditOrders(
  requests: OrderRequest[],
  acknowledged: Map<string, Acknowledged>,
  stored: StoredOrder[],
): Audit {
  const problems: string[] = [];
  const byId = new Map(stored.map((o) => [o.id, o]));
  const byMarker = Map.groupBy(stored, (o) => o.comment);
  const byKey = Map.groupBy(
    stored.filter((o) => o.idempotencyKey !== null),
    (o) => o.idempotencyKey,
  );
  let lost = 0;
  let duplicates = 0;
  let duplicateKeys = 0;
  let halfWritten = 0;
  let storedWithoutAnswer = 0;

  for (const [key, group] of byKey) {
    if (group.length > 1) problems.push(`key ${key} holds ${group.length} orders`);
    duplicateKeys += group.length - 1;
  }
  for (const request of requests) {
    const found = byMarker.get(request.marker) ?? [];
    if (found.length > 1) {
      problems.push(`${request.marker} was stored ${found.length} times`);
      duplicates += found.length - 1;
    }
    const ack = acknowledged.get(request.marker);
    if (ack) {
      const order = byId.get(ack.insertedId);
      if (
        !order ||
        order.orderNumber !== ack.orderNumber ||
        order.comment !== request.marker ||
        order.idempotencyKey !== (request.idempotencyKey ?? null)
      ) {
        problems.push(`${request.marker}: acknowledged ${JSON.stringify(ack)} is missing`);
        lost++;
      }
    } else if (found.length > 0) {
      storedWithoutAnswer++;
    }
  }
  const requestByMarker = new Map(requests.map((r) => [r.marker, r]));
  for (const order of stored) {
    const lines = order.lines.map(({ productId, unitPrice, quantity }) => ({
      productId,
      unitPrice,
      quantity,
    }));
    const lineSum = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
    const request = requestByMarker.get(order.comment);
    const asRequested =
      !request ||
      (JSON.stringify(lines) === JSON.stringify(request.lines) &&
        order.subTotal === request.subTotal &&
        order.total === request.total);
    const whole =
      lines.length > 0 &&
      order.historyRows > 0 &&
      order.subTotal === lineSum &&
      order.total === order.subTotal + order.deliveryCharge;
    if (!whole || !asRequested) {
      problems.push(`order ${order.id} is not as placed: ${JSON.stringify(order)}`);
      halfWritten++;
    }
  }
  const numbers = new Set(stored.map((o) => o.orderNumber));
  if (numbers.size !== stored.length) problems.push("an order number was issued twice");
  return { lost, duplicates, duplicateKeys, halfWritten, storedWithoutAnswer, problems };
}
