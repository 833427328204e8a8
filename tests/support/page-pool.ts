import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";

/**
 * Tabs kept for the next test, of the same file or the worker's next one, instead of a new
 * browser context and tab per test.
 *
 * A new tab costs Chromium a renderer process and a first compile of the shop's scripts; in the
 * journeys that was most of the suite's CPU (docs/decisions/067). When a test closes a context or
 * a page, or leaves one open at its end, the pool clears what a visitor's browser would carry
 * (cookies, localStorage and sessionStorage, listeners the test added), sends the tab to
 * about:blank and hands it to the next test that asks for a context with the same options. The
 * HTTP cache is kept, as a returning visitor's browser keeps it.
 *
 * Whatever cannot be undone is not reused: a context or page given init scripts, request routes,
 * extra headers, permissions, a DevTools session (throttling), emulated media, or one that
 * visited a second origin, is closed for real.
 *
 * A worker's journey files share one Chromium (tests/support/browser.ts): each file holds a lease
 * on it, and closing the lease gives back what the file still holds (a tab its `beforeAll`
 * opened) instead of closing the browser.
 */

/** Methods after which a context or page is not given to another test: none can be undone. */
const CHANGES = [
  "addInitScript",
  "route",
  "routeFromHAR",
  "routeWebSocket",
  "exposeBinding",
  "exposeFunction",
  "setExtraHTTPHeaders",
  "setDefaultTimeout",
  "setDefaultNavigationTimeout",
] as const;
const CONTEXT_CHANGES = [
  ...CHANGES,
  "setGeolocation",
  "grantPermissions",
  "setOffline",
  "setHTTPCredentials",
  "newCDPSession",
] as const;
const PAGE_CHANGES = [...CHANGES, "emulateMedia", "pause"] as const;

/** Playwright's default size of a tab. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

type Listeners = Map<string | symbol, Set<unknown>>;
type Emitter = {
  eventNames(): (string | symbol)[];
  rawListeners(event: string | symbol): unknown[];
  removeListener(event: string | symbol, listener: never): unknown;
};

/** The listeners an emitter has now: the pool's own and Playwright's, kept when a test's go. */
const listenersOf = (emitter: Emitter): Listeners =>
  new Map(emitter.eventNames().map((e) => [e, new Set(emitter.rawListeners(e))]));

function removeListenersAddedSince(emitter: Emitter, before: Listeners): void {
  for (const event of emitter.eventNames()) {
    const kept = before.get(event);
    for (const listener of emitter.rawListeners(event)) {
      if (!kept?.has(listener)) emitter.removeListener(event, listener as never);
    }
  }
}

/** Calls `onChange` before any of `methods` runs on `target`. */
function watch(target: object, methods: readonly string[], onChange: () => void): void {
  const object = target as Record<string, unknown>;
  for (const name of methods) {
    const original = object[name];
    if (typeof original !== "function") continue;
    object[name] = (...args: unknown[]) => {
      onChange();
      return original.apply(target, args);
    };
  }
}

type PooledPage = {
  page: Page;
  changed: boolean;
  listeners: Listeners;
  origins: Set<string>;
  /** The test that took it (undefined: taken outside a test, in beforeAll). */
  test: number | undefined;
  closeForReal: () => Promise<void>;
};

/** Idle tabs kept at most; beyond, the longest idle is closed (each holds a renderer process). */
const MOST_IDLE_CONTEXTS = 8;

type PooledContext = {
  context: BrowserContext;
  key: string;
  /** The size of its tabs for the test that holds it (null: the window's own). */
  viewport: BrowserContextOptions["viewport"];
  changed: boolean;
  listeners: Listeners;
  idlePages: PooledPage[];
  busyPages: Set<PooledPage>;
  /** The page whose close closes the context too (browser.newPage). */
  owner?: Page;
  test: number | undefined;
  /** The lease (a journey file's browser) that took it. */
  lease: number;
  closeForReal: () => Promise<void>;
};

const pools = new Set<PagePool>();
let currentTest: number | undefined;
let testCount = 0;
let leaseCount = 0;

/** Called before each journey test (tests/support/e2e-setup.ts). */
export function testStarts(): void {
  currentTest = ++testCount;
}

/** Called after each journey test: what it left open goes back to the pool. */
export async function testEnds(): Promise<void> {
  const test = currentTest;
  currentTest = undefined;
  if (test !== undefined) await Promise.all([...pools].map((pool) => pool.releaseTest(test)));
}

class PagePool {
  private readonly idle = new Map<string, PooledContext[]>();
  private readonly busy = new Set<PooledContext>();
  /** Contexts a lease took that are not pooled (saved state, recording): closed with the lease. */
  private readonly unpooled = new Map<number, Set<BrowserContext>>();
  /** Idle contexts, longest idle first. */
  private idleOrder: PooledContext[] = [];
  private closed = false;

  constructor(
    private readonly newRealContext: (options?: BrowserContextOptions) => Promise<BrowserContext>,
  ) {}

  async newContext(options: BrowserContextOptions = {}, lease = 0): Promise<BrowserContext> {
    // A context started from saved state or recording something is the test's own.
    if (options.storageState || options.recordHar || options.recordVideo) {
      const context = await this.newRealContext(options);
      const held = this.unpooled.get(lease) ?? new Set();
      held.add(context);
      this.unpooled.set(lease, held);
      context.once("close", () => held.delete(context));
      return context;
    }
    // The size of the tab is set per page (below), so tests at different widths share tabs.
    const { viewport = DEFAULT_VIEWPORT, ...fixed } = options;
    const key = JSON.stringify(fixed, (_, value) =>
      value && typeof value === "object" && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
        : value,
    );
    const reused = this.idle.get(key)?.pop();
    // idleOrder lists each idle context once: a context given back again is listed anew at the
    // end, and an old entry left behind would let the limit close it as the longest idle.
    if (reused) this.idleOrder = this.idleOrder.filter((c) => c !== reused);
    const pooled = reused ?? (await this.fresh(options, key));
    pooled.viewport = viewport;
    pooled.test = currentTest;
    pooled.lease = lease;
    pooled.listeners = listenersOf(pooled.context as unknown as Emitter);
    this.busy.add(pooled);
    return pooled.context;
  }

  async newPage(options: BrowserContextOptions = {}, lease = 0): Promise<Page> {
    const context = await this.newContext(options, lease);
    const page = await context.newPage();
    const pooled = this.contextOf(context);
    // As Playwright's own: closing the page closes the context made for it.
    if (pooled) pooled.owner = page;
    else page.once("close", () => void context.close());
    return page;
  }

  /** Gives back what the test `test` took and still holds. */
  async releaseTest(test: number): Promise<void> {
    const contexts = [...this.busy].filter((c) => c.test === test);
    const pages = [...this.busy]
      .filter((c) => c.test !== test)
      .flatMap((c) => [...c.busyPages].filter((p) => p.test === test).map((p) => [c, p] as const));
    await Promise.all([
      ...contexts.map((c) => this.releaseContext(c)),
      ...pages.map(([c, p]) => this.releasePage(c, p)),
    ]);
  }

  /** Gives back what the lease `lease` (a journey file) still holds, at the file's end. */
  async releaseLease(lease: number): Promise<void> {
    const contexts = [...this.busy].filter((c) => c.lease === lease);
    const unpooled = [...(this.unpooled.get(lease) ?? [])];
    this.unpooled.delete(lease);
    await Promise.all([
      ...contexts.map((c) => this.releaseContext(c)),
      ...unpooled.map((c) => c.close().catch(() => {})),
    ]);
  }

  /**
   * A browser for one journey file: its contexts and tabs come from this pool, and its `close`
   * gives back what the file still holds, leaving the browser running for the next file.
   */
  lease(browser: Browser): Browser {
    const lease = ++leaseCount;
    const own = {
      newContext: (options?: BrowserContextOptions) => this.newContext(options, lease),
      newPage: (options?: BrowserContextOptions) => this.newPage(options, lease),
      close: () => this.releaseLease(lease),
    };
    return new Proxy(browser, {
      get(target, name) {
        if (Object.hasOwn(own, name)) return own[name as keyof typeof own];
        const value = Reflect.get(target, name, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  }

  markClosed(): void {
    this.closed = true;
    pools.delete(this);
  }

  private contextOf(context: BrowserContext): PooledContext | undefined {
    for (const pooled of this.busy) if (pooled.context === context) return pooled;
    return undefined;
  }

  private async fresh(options: BrowserContextOptions, key: string): Promise<PooledContext> {
    const context = await this.newRealContext(options);
    const closeForReal = context.close.bind(context);
    const pooled: PooledContext = {
      context,
      closeForReal,
      key,
      viewport: options.viewport,
      changed: false,
      listeners: new Map(),
      idlePages: [],
      busyPages: new Set(),
      test: undefined,
      lease: 0,
    };
    watch(context, CONTEXT_CHANGES, () => {
      pooled.changed = true;
    });
    context.close = async () => {
      if (this.busy.has(pooled)) await this.releaseContext(pooled);
      else if (!this.idle.get(key)?.includes(pooled)) await closeForReal();
    };
    const newRealPage = context.newPage.bind(context);
    context.newPage = async () => {
      const page = pooled.idlePages.pop() ?? (await this.freshPage(pooled, newRealPage));
      if (pooled.viewport) await page.page.setViewportSize(pooled.viewport);
      page.test = currentTest;
      page.listeners = listenersOf(page.page as unknown as Emitter);
      page.origins.clear();
      pooled.busyPages.add(page);
      return page.page;
    };
    return pooled;
  }

  private async freshPage(
    context: PooledContext,
    newRealPage: () => Promise<Page>,
  ): Promise<PooledPage> {
    const page = await newRealPage();
    const closeForReal = page.close.bind(page);
    const pooled: PooledPage = {
      page,
      closeForReal: () => closeForReal(),
      changed: false,
      listeners: new Map(),
      origins: new Set(),
      test: undefined,
    };
    page.on("framenavigated", (frame) => {
      // A listener must not throw: a frame URL that does not parse counts as no origin.
      const url = URL.canParse(frame.url()) ? new URL(frame.url()) : undefined;
      if (url?.protocol === "http:" || url?.protocol === "https:") pooled.origins.add(url.origin);
    });
    watch(page, PAGE_CHANGES, () => {
      pooled.changed = true;
    });
    page.close = async (options) => {
      if (!context.busyPages.has(pooled)) return closeForReal(options);
      if (context.owner === page) return this.releaseContext(context);
      await this.releasePage(context, pooled);
    };
    return pooled;
  }

  /** Blank and cleared for the next test, or closed for real when that cannot be done. */
  private async releasePage(context: PooledContext, pooled: PooledPage): Promise<boolean> {
    context.busyPages.delete(pooled);
    const { page, closeForReal } = pooled;
    if (page.isClosed()) return false;
    try {
      const here = URL.canParse(page.url()) ? new URL(page.url()).origin : "";
      const elsewhere = [...pooled.origins].some((origin) => origin !== here);
      if (pooled.changed || context.changed || elsewhere || this.closed) throw new Error("changed");
      removeListenersAddedSince(page as unknown as Emitter, pooled.listeners);
      if (pooled.origins.size > 0) {
        await page.evaluate(() => {
          window.localStorage.clear();
          window.sessionStorage.clear();
        });
      }
      await page.goto("about:blank", { waitUntil: "load", timeout: 10_000 });
      pooled.test = undefined;
      context.idlePages.push(pooled);
      return true;
    } catch {
      await closeForReal().catch(() => {});
      return false;
    }
  }

  private async releaseContext(pooled: PooledContext): Promise<void> {
    this.busy.delete(pooled);
    pooled.owner = undefined;
    const { closeForReal } = pooled;
    const known = new Set([...pooled.busyPages, ...pooled.idlePages].map((p) => p.page));
    // Pages the test did not open through newPage (pop-ups) are closed.
    const strangers = pooled.context.pages().filter((page) => !known.has(page));
    const kept = await Promise.all([...pooled.busyPages].map((p) => this.releasePage(pooled, p)));
    if (this.closed || pooled.changed || kept.includes(false)) {
      await closeForReal().catch(() => {});
      return;
    }
    try {
      await Promise.all(strangers.map((page) => page.close()));
      await pooled.context.clearCookies();
      await pooled.context.clearPermissions();
      removeListenersAddedSince(pooled.context as unknown as Emitter, pooled.listeners);
      pooled.test = undefined;
      const list = this.idle.get(pooled.key) ?? [];
      list.push(pooled);
      this.idle.set(pooled.key, list);
      this.idleOrder.push(pooled);
      await this.closeIdleBeyondLimit();
    } catch {
      await closeForReal().catch(() => {});
    }
  }

  /** Closes the contexts idle longest while more than MOST_IDLE_CONTEXTS wait. */
  private async closeIdleBeyondLimit(): Promise<void> {
    this.idleOrder = this.idleOrder.filter((c) => this.idle.get(c.key)?.includes(c));
    // A negative count removes nothing.
    const excess = this.idleOrder.splice(0, this.idleOrder.length - MOST_IDLE_CONTEXTS);
    for (const pooled of excess) {
      const list = this.idle.get(pooled.key) ?? [];
      const at = list.indexOf(pooled);
      if (at !== -1) list.splice(at, 1);
    }
    await Promise.all(excess.map((c) => c.closeForReal().catch(() => {})));
  }
}

/**
 * A pool of `browser`'s contexts and tabs (see above). Each `lease()` is a browser whose
 * `newContext` and `newPage` hand out pooled ones and whose `close` gives back what it holds.
 */
export function recyclingPages(browser: Browser): { lease: () => Browser } {
  const pool = new PagePool(browser.newContext.bind(browser));
  pools.add(pool);
  browser.once("disconnected", () => pool.markClosed());
  return { lease: () => pool.lease(browser) };
}
