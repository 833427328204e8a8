import type { CatalogueEvents } from "./events";

export type CatalogueCacheOptions = {
  /** Most entries kept; the least recently used goes first. */
  maxEntries?: number;
  /** Most bytes kept, counted by `sizeOf` (entries without a size count as 0). */
  maxBytes?: number;
  /**
   * How long an entry may be served. Writes clear the cache at once; this only bounds how stale a
   * server can be if a change notification from another server was lost.
   */
  ttlMs?: number;
  /**
   * When an entry has outlived `ttlMs` (not when the catalogue changed), the first reader loads
   * it again while the others keep getting the expired value until that load is done, instead
   * of every page of the shop waiting for its render at the same moment.
   */
  staleWhileRefreshing?: boolean;
  now?: () => number;
};

/** Entries holding one product's stock levels: `stock:<product id>` (server/services/stock.ts). */
export const STOCK_PREFIX = "stock:";
/** The API's cached product answers (/api/product/{id}, /api/products), which carry `stock`. */
const API_PRODUCTS_PREFIX = "api:/api/product";

type Entry = {
  value: Promise<unknown>;
  expires: number;
  bytes: number;
  /** Settled: the value is there (a load still running is shared, not served stale). */
  settled: boolean;
  /** The settled value itself, for `peek`. */
  result?: unknown;
  /** A newer load of this key is running; the value is served meanwhile. */
  refreshing?: boolean;
};

/**
 * An in-process least-recently-used map of catalogue reads with a time limit, cleared whenever
 * the catalogue changes. Values are shared between callers: treat them as read-only.
 * Simultaneous misses of one key share a single load; a load that was running while the cache was
 * cleared is returned to its callers but not kept, so a read never outlives the write that
 * invalidated it.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly ttlMs: number;
  private readonly staleWhileRefreshing: boolean;
  private readonly now: () => number;
  private bytes = 0;
  private generation = 0;

  constructor(options: CatalogueCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 500;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.ttlMs = options.ttlMs ?? 60_000;
    this.staleWhileRefreshing = options.staleWhileRefreshing ?? false;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.expires > this.now();
  }

  /**
   * The value of `key` when it is there and current, at once (no promise); undefined when it is
   * missing, still loading or expired (`get` then loads or refreshes it).
   */
  peek<T>(key: string): T | undefined {
    const found = this.entries.get(key);
    if (!found?.settled || found.expires <= this.now()) return undefined;
    this.entries.delete(key);
    this.entries.set(key, found);
    return found.result as T;
  }

  /** The cached value of `key`, or the result of `load` (kept for later readers). */
  get<T>(key: string, load: () => Promise<T>, sizeOf?: (value: T) => number): Promise<T> {
    const found = this.entries.get(key);
    if (found && found.expires > this.now()) {
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.value as Promise<T>;
    }
    if (found && this.staleWhileRefreshing && found.settled) {
      if (found.refreshing) return found.value as Promise<T>;
      found.refreshing = true;
      return this.refresh(key, found, load, sizeOf);
    }
    if (found) this.remove(key);

    const generation = this.generation;
    const value = load();
    const entry: Entry = { value, expires: this.now() + this.ttlMs, bytes: 0, settled: false };
    this.entries.set(key, entry);
    value.then(
      (result) => {
        entry.settled = true;
        entry.result = result;
        if (this.generation !== generation || this.entries.get(key) !== entry) return;
        entry.bytes = sizeOf?.(result) ?? 0;
        this.bytes += entry.bytes;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    this.evict();
    return value;
  }

  /** Loads an expired entry again; others get its old value until the new one takes its place. */
  private refresh<T>(
    key: string,
    stale: Entry,
    load: () => Promise<T>,
    sizeOf?: (value: T) => number,
  ): Promise<T> {
    const generation = this.generation;
    const value = load();
    value.then(
      (result) => {
        if (this.generation !== generation || this.entries.get(key) !== stale) return;
        this.remove(key);
        const bytes = sizeOf?.(result) ?? 0;
        this.entries.set(key, {
          value,
          expires: this.now() + this.ttlMs,
          bytes,
          settled: true,
          result,
        });
        this.bytes += bytes;
        this.evict();
      },
      () => {
        // The old value stays, expired: the next reader tries again.
        stale.refreshing = false;
      },
    );
    return value;
  }

  /**
   * Counts `bytes` more for the entry of `key` holding `value` (a copy the value took on after it
   * was stored), then drops the least recently used entries beyond the limits. Nothing when `key`
   * does not hold `value` (any more).
   */
  grow(key: string, value: unknown, bytes: number): void {
    const entry = this.entries.get(key);
    if (!entry?.settled || entry.result !== value) return;
    entry.bytes += bytes;
    this.bytes += bytes;
    this.evict();
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  /** Drops the entries whose keys start with `prefix`; a load under way for one is not kept. */
  dropPrefix(prefix: string): void {
    for (const key of [...this.entries.keys()]) {
      if (key.startsWith(prefix)) this.remove(key);
    }
  }

  /**
   * Clears this cache on every catalogue change; a stock change (`kind: "stock"`) drops only
   * the quantities it moved: the product's `stock:<id>` entry and the API's product answers,
   * which carry quantities. Returns the unsubscribe function.
   */
  follow(events: CatalogueEvents): () => void {
    return events.subscribe((change) => {
      if (change.kind !== "stock") return this.clear();
      if (change.id === "*") this.dropPrefix(STOCK_PREFIX);
      else this.remove(`${STOCK_PREFIX}${change.id}`);
      this.dropPrefix(API_PRODUCTS_PREFIX);
    });
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }

  private evict(): void {
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) return;
      this.remove(oldest.value);
    }
  }
}
