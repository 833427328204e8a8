import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import type { Sql } from "postgres";
import { logger } from "../logger";

/**
 * What changed in the catalogue: readers that cache catalogue data drop what this touches.
 * `id: "*"` (sent after a shared channel reconnects, when notifications may have been missed)
 * means anything may have changed. `stock`: only the on-hand quantities of that product moved
 * (an order took some) and no variant ran out or came back; caches drop its stock entries and
 * keep the rest (server/catalogue/cache.ts, decision 045).
 */
export type CatalogueChange = { kind: "product" | "slide" | "stock"; id: string };

const KINDS: readonly CatalogueChange["kind"][] = ["product", "slide", "stock"];

/**
 * Stock changes are shared with other servers at most this often, as one message naming every
 * product since the last: an order's own server drops its entries at once, the others a moment
 * later, and a busy sale does not send one notification per order.
 */
export const STOCK_SHARE_INTERVAL_MS = 50;
/** A batch naming more products than this is shared as "every product's stock". */
const MAX_STOCK_IDS_PER_MESSAGE = 100;

export type CatalogueListener = (change: CatalogueChange) => void;

/**
 * The channel every product and slide write publishes on, after its transaction has committed.
 * Caches subscribe to it. Listeners of the publishing process are called before `publish`
 * resolves (a write is visible to its own server's next read); the shared implementations
 * (PostgreSQL LISTEN/NOTIFY, Redis pub/sub) also reach every other server.
 */
export interface CatalogueEvents {
  publish(change: CatalogueChange): Promise<void>;
  subscribe(listener: CatalogueListener): () => void;
  close(): Promise<void>;
}

export const EVERYTHING: CatalogueChange = { kind: "product", id: "*" };

/** The listeners of one process; shared channels deliver into it. */
function localListeners() {
  const listeners = new Set<CatalogueListener>();
  return {
    emit(change: CatalogueChange) {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch (err) {
          logger.error({ err }, "catalogue listener failed");
        }
      }
    },
    subscribe(listener: CatalogueListener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    clear() {
      listeners.clear();
    },
  };
}

export function inProcessCatalogueEvents(): CatalogueEvents {
  const local = localListeners();
  return {
    async publish(change) {
      local.emit(change);
    },
    subscribe: local.subscribe,
    async close() {
      local.clear();
    },
  };
}

type Message = { origin: string; kind: CatalogueChange["kind"]; id: string };

function parseMessage(raw: string): Message | undefined {
  try {
    const m = JSON.parse(raw) as Partial<Message>;
    const kind = KINDS.find((k) => k === m.kind);
    if (kind && typeof m.id === "string") {
      return { origin: String(m.origin ?? ""), kind, id: m.id };
    }
  } catch {
    // A foreign message on our channel: ignored below.
  }
  return undefined;
}

/**
 * A channel shared by several processes. Each process tags its messages with a random origin and
 * skips its own echo (its listeners already ran in `publish`).
 */
function sharedCatalogueEvents(transport: {
  send(payload: string): Promise<unknown>;
  start(deliver: (raw: string) => void, resync: () => void): Promise<void>;
  stop(): Promise<void>;
}): CatalogueEvents & { ready: Promise<void> } {
  const origin = randomBytes(8).toString("hex");
  const local = localListeners();
  const ready = transport.start(
    (raw) => {
      const message = parseMessage(raw);
      if (!message) return logger.warn({ raw }, "unreadable catalogue notification ignored");
      if (message.origin === origin) return;
      // A stock message names its products separated by commas (ids never hold one).
      const ids = message.kind === "stock" ? message.id.split(",") : [message.id];
      for (const id of ids) local.emit({ kind: message.kind, id });
    },
    () => local.emit(EVERYTHING),
  );
  const share = async (change: CatalogueChange) => {
    try {
      await transport.send(JSON.stringify({ origin, ...change } satisfies Message));
    } catch (err) {
      // The write has committed; other servers fall back on their cache's time limit.
      logger.error({ err, change }, "catalogue change not shared with other servers");
    }
  };
  const pendingStock = new Set<string>();
  let stockTimer: NodeJS.Timeout | undefined;
  const shareStock = async () => {
    stockTimer = undefined;
    const ids = [...pendingStock];
    pendingStock.clear();
    if (ids.length === 0) return;
    const id = ids.length > MAX_STOCK_IDS_PER_MESSAGE || ids.includes("*") ? "*" : ids.join(",");
    await share({ kind: "stock", id });
  };
  return {
    ready,
    async publish(change) {
      local.emit(change);
      if (change.kind === "stock") {
        pendingStock.add(change.id);
        stockTimer ??= setTimeout(shareStock, STOCK_SHARE_INTERVAL_MS).unref();
        return;
      }
      await share(change);
    },
    subscribe: local.subscribe,
    async close() {
      if (stockTimer) clearTimeout(stockTimer);
      await shareStock();
      local.clear();
      await transport.stop();
    },
  };
}

export const POSTGRES_CHANNEL = "haat_catalogue";

/** LISTEN/NOTIFY on the shop's PostgreSQL: every server on the database hears every write. */
export function postgresCatalogueEvents(client: Sql, channel = POSTGRES_CHANNEL) {
  let unlisten: (() => Promise<void>) | undefined;
  let listening = false;
  return sharedCatalogueEvents({
    send: (payload) => client.notify(channel, payload),
    async start(deliver, resync) {
      const request = await client.listen(channel, deliver, () => {
        // Called on the first LISTEN and again after each reconnect: notifications sent while
        // the connection was down are lost, so a reconnect drops everything cached.
        if (listening) resync();
        listening = true;
      });
      unlisten = request.unlisten;
    },
    async stop() {
      await unlisten?.();
    },
  });
}

/** The catalogue channel's name after REDIS_PREFIX (`haat:catalogue` by default). */
export const REDIS_CATALOGUE_CHANNEL = "catalogue";

/** Redis pub/sub: one subscriber connection and one publisher connection per process. */
export function redisCatalogueEvents(url: string, channel = `haat:${REDIS_CATALOGUE_CHANNEL}`) {
  const options = { maxRetriesPerRequest: 2, enableOfflineQueue: true } as const;
  const subscriber = new Redis(url, options);
  const publisher = new Redis(url, options);
  return sharedCatalogueEvents({
    send: (payload) => publisher.publish(channel, payload),
    async start(deliver, resync) {
      subscriber.on("message", (from: string, raw: string) => {
        if (from === channel) deliver(raw);
      });
      let subscribed = false;
      // ioredis resubscribes by itself after a reconnect; messages in between are lost.
      subscriber.on("ready", () => {
        if (subscribed) resync();
      });
      subscriber.on("error", (err) => logger.warn({ err }, "catalogue subscriber error"));
      publisher.on("error", (err) => logger.warn({ err }, "catalogue publisher error"));
      await subscriber.subscribe(channel);
      subscribed = true;
    },
    async stop() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  });
}
