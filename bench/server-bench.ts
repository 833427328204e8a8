import os from "node:os";
import postgres from "postgres";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "../server/db/seed/seed";
import { LEDGER_MISMATCH_SQL } from "../server/testing/stock-ledger";
import { type ApiProduct, apiOrderBody } from "../tests/support/order-body";
import {
  freePort,
  type ServerProcess,
  spawnServer,
  waitUntilHealthy,
} from "../tests/support/server-process";
import type { BenchDatabase } from "./database";
import {
  ensureWrk,
  HAS_TASKSET,
  type LoadGenerator,
  pinProcess,
  postgresPids,
  readRss,
  runLoad,
  sampleRss,
  withCpu,
} from "./load";
import { countOrders, explainRiskAggregate, FILL_PHONES, fillOrders } from "./order-lists";
import {
  type BenchResult,
  checkBudget,
  combineSlices,
  GUEST_ROWS,
  guestPageChecks,
  LOAD_ROWS,
  type LoadFiguresRow,
  type LoadRow,
  loadChecks,
  ORDER_LIST_ROWS,
  orderListChecks,
  ordersChecks,
  SERVER_BUDGETS,
  withRatios,
} from "./report";
import { explainHotQueries, measureSearch, SEARCH_QUERIES } from "./search";
import { serveEnv, serveNodeArgs } from "./serve-command";

export type ServerBenchOptions = {
  sections: Set<"load" | "orders" | "order-lists" | "search">;
  /** Orders in the table when the order lists are measured at scale (issue 23: 100,000). */
  orderListOrders: number;
  /** The seeded PostgreSQL database (bench/database.ts); the caller drops it. */
  database: BenchDatabase;
  /** Seconds per load slice; each target gets `rounds` slices. */
  durationSeconds: number;
  rounds: number;
  ordersSeconds: number;
  connections: number;
  /** Connections of the guest pages' rows (issue 26: 50). */
  guestConnections: number;
  log: (line: string) => void;
  notes: string[];
};

const SERVER_CPU = "0";
const LOAD_CPU = "1";

/** The spec's order body for one product, with the figures the client would compute. */
function orderBody(product: ApiProduct): string {
  return JSON.stringify(
    apiOrderBody(product, {
      name: "Rahim Uddin",
      email: "bench@example.com",
      mobileNumber: "01712345678",
    }),
  );
}

/** How many products (one variant each) the order bench spreads its orders over. */
const ORDER_VARIANTS = 100;
/** Seconds of orders placed, and not counted, before the measured runs. */
const ORDERS_WARM_UP_SECONDS = 3;
/** Pieces each of them gets: more than any run can sell. */
const BENCH_PIECES = 500_000;

type BenchProduct = { _id: string; sizes: string[]; colors: string[] };

/**
 * Tracks the stock of the products the orders name (their first size and colour, as ordered)
 * and gives each variant BENCH_PIECES, with the matching ledger entry, so on hand stays the
 * sum of the ledger.
 */
async function stockForBench(sql: postgres.Sql, list: BenchProduct[]): Promise<void> {
  const unique = [...new Map(list.map((p) => [p._id, p])).values()];
  const ids = unique.map((p) => p._id);
  const sizes = unique.map((p) => p.sizes[0] ?? "N/A");
  const colors = unique.map((p) => p.colors[0] ?? "N/A");
  const variants = sql`unnest(${ids}::text[], ${sizes}::text[], ${colors}::text[]) as v(p, s, c)`;
  await sql.begin(async (tx) => {
    await tx`update products set track_stock = true where id = any(${ids}::text[])`;
    await tx`insert into product_stock (product_id, size, color, quantity)
      select p, s, c, ${BENCH_PIECES}::int from ${variants}
      on conflict (product_id, size, color)
      do update set quantity = product_stock.quantity + excluded.quantity`;
    await tx`insert into stock_ledger (product_id, size, color, change, reason)
      select p, s, c, ${BENCH_PIECES}::int, 'import' from ${variants}`;
  });
}

/** How many customers sign in at once during the load section. */
const SIGN_IN_BURST = 8;

/** The demo customer's session cookie: pages rendered for a signed-in visitor, never cached. */
export function customerCookie(base: string): Promise<string> {
  return sessionCookie(base, DEMO_CUSTOMER);
}

async function sessionCookie(
  base: string,
  account: { email: string; password: string },
): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!res.ok || !cookie) throw new Error(`signing in as ${account.email} answered ${res.status}`);
  return cookie;
}

type Target = Omit<LoadRow, keyof LoadFiguresRow> & {
  /** Several paths requested in turn (search). */
  paths?: string[];
  headers?: Record<string, string>;
};

type Slice = LoadFiguresRow & { server: number; postgres: number };

/**
 * Loads each target `rounds` times for `durationSeconds`, in rounds over all targets (so a burst
 * of load from elsewhere on the machine spreads over the targets instead of skewing one ratio),
 * measuring the server's and PostgreSQL's CPU meanwhile.
 */
async function loadRows(
  base: string,
  pid: number,
  targets: Target[],
  options: { rounds: number; durationSeconds: number; connections: number },
  loadCpu: string | undefined,
  log: (line: string) => void,
  notes: string[],
  generator: LoadGenerator = "autocannon",
): Promise<LoadRow[]> {
  for (const target of targets) {
    for (const path of target.paths ?? [target.path]) {
      await fetch(`${base}${path}`, { headers: target.headers }).then((r) => r.arrayBuffer());
    }
  }
  const slices = new Map<string, Slice[]>(targets.map((t) => [t.name, []]));
  for (let round = 1; round <= options.rounds; round++) {
    for (const target of targets) {
      const pg = postgresPids();
      const measured = await withCpu(
        () => [pid],
        () =>
          withCpu(
            () => pg,
            () =>
              runLoad(
                {
                  url: target.paths ? base : `${base}${target.path}`,
                  connections: options.connections,
                  durationSeconds: options.durationSeconds,
                  paths: target.paths,
                  headers: target.headers,
                },
                loadCpu,
                generator,
              ),
          ),
      );
      const figures = measured.result.result;
      slices.get(target.name)?.push({
        ...figures,
        server: measured.cpuPercent,
        postgres: measured.result.cpuPercent,
      });
      log(
        `  round ${round} ${target.name.padEnd(24)} ${Math.round(figures.requestsPerSecond)} req/s, p50 ${figures.latencyP50Ms} ms, p99 ${figures.latencyP99Ms} ms, server CPU ${Math.round(measured.cpuPercent)} %`,
      );
    }
  }
  return withRatios(
    targets.map(({ paths: _paths, headers: _headers, ...target }) => {
      const own = slices.get(target.name) ?? [];
      const figures = combineSlices(own);
      if (figures.non2xx + figures.errors > 0) {
        notes.push(
          `${target.name}: ${figures.non2xx} non-2xx answers, ${figures.errors} errors under load.`,
        );
      }
      const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
      return {
        ...target,
        ...figures,
        serverCpuPercent: mean(own.map((x) => x.server)),
        postgresCpuPercent: mean(own.map((x) => x.postgres)),
      };
    }),
  );
}

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

type ServerBenchResult = Pick<
  BenchResult,
  "server" | "load" | "guestPages" | "orders" | "orderLists" | "search" | "explain"
>;

/** Load, order placement and search on a fresh PostgreSQL database with a large catalogue. */
export async function runServerBench(options: ServerBenchOptions): Promise<ServerBenchResult> {
  const { log, notes, sections, database } = options;
  const out: ServerBenchResult = {
    server: {
      database: "postgres",
      products: database.products,
      seedSeconds: database.seedSeconds,
      pinned: false,
    },
  };
  let server: ServerProcess | undefined;
  try {
    if (sections.has("search")) {
      log("search latency through the product service...");
      const s = await measureSearch(database.url);
      out.search = { ...s, check: checkBudget(s.p95Ms, SERVER_BUDGETS.searchP95) };
      log(
        `  p50 ${s.p50Ms.toFixed(1)} ms, p95 ${s.p95Ms.toFixed(1)} ms over ${s.samples} searches`,
      );
      out.explain = await explainHotQueries(database.url);
    }
    if (!sections.has("load") && !sections.has("orders") && !sections.has("order-lists"))
      return out;

    const port = await freePort();
    server = spawnServer({
      nodeArgs: serveNodeArgs(),
      dataDir: database.dataDir,
      port,
      env: {
        ...serveEnv(),
        DATABASE_URL: database.url,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: "warn",
        // One load generator is one client address: the per-address limits (30 orders per 10
        // minutes) would refuse all but the first requests and measure the 429 path instead.
        RATE_LIMIT: "off",
      },
    });
    await waitUntilHealthy(server);
    const pid = server.child.pid as number;
    const pinned = os.cpus().length >= 2 && pinProcess(pid, SERVER_CPU);
    if (out.server) out.server.pinned = pinned;
    if (!pinned)
      notes.push(HAS_TASKSET ? "Pinning the server failed." : "taskset missing: nothing pinned.");
    const loadCpu = pinned ? LOAD_CPU : undefined;
    const base = server.url;
    const idleMB = readRss(pid)?.rssMB ?? Number.NaN;
    const rss = sampleRss(pid);

    const first = await json<{
      data: {
        _id: string;
        name: string;
        images: string[];
        offerPrice: number | null;
        sizes: string[];
        colors: string[];
        originalPrice: number;
      }[];
    }>(`${base}/api/products?category=${encodeURIComponent("Bag Items")}&limit=20`);
    const product = first.data[0];
    if (!product) throw new Error("the bench database has no Bag Items product");

    if (sections.has("load")) {
      // Pages rendered for a signed-in customer: guests' pages come from the guest page cache
      // (measured below), so rendering is what a signed-in visitor's page costs.
      const signedIn = { cookie: await customerCookie(base) };
      const targets: Target[] = [
        { name: LOAD_ROWS.bare, path: "/livez" },
        {
          name: LOAD_ROWS.listing,
          path: `/api/products?category=${encodeURIComponent("Bag Items")}&limit=20`,
          floor: LOAD_ROWS.bare,
        },
        {
          name: LOAD_ROWS.search,
          path: `/api/products?searchQuery=… (${SEARCH_QUERIES.length} queries in turn)`,
          paths: SEARCH_QUERIES.map((q) => `/api/products?searchQuery=${encodeURIComponent(q)}`),
          floor: LOAD_ROWS.bare,
        },
        { name: LOAD_ROWS.product, path: `/api/product/${product._id}`, floor: LOAD_ROWS.bare },
        { name: LOAD_ROWS.static, path: "/about-us", headers: signedIn },
        { name: LOAD_ROWS.home, path: "/", floor: LOAD_ROWS.static, headers: signedIn },
        {
          name: LOAD_ROWS.productPage,
          path: `/product-details/${product._id}`,
          floor: LOAD_ROWS.static,
          headers: signedIn,
        },
      ];
      const rows = await loadRows(base, pid, targets, options, loadCpu, log, notes);
      // Customers signing in at the same moment, as at the start of a sale: each password check
      // holds scrypt's memory, so the memory budget below covers them (docs/decisions/068).
      await Promise.all(Array.from({ length: SIGN_IN_BURST }, () => customerCookie(base)));
      log(`  ${SIGN_IN_BURST} sign-ins at once`);
      out.load = {
        connections: options.connections,
        rounds: options.rounds,
        durationSeconds: options.durationSeconds,
        rows,
        memory: { idleMB, sampledPeakMB: Number.NaN, hwmMB: Number.NaN },
        signInBurst: SIGN_IN_BURST,
        checks: loadChecks(rows, Number.NaN),
      };

      // Guests' pages as a browser asks for them (Brotli), against the bare JSON route, at the
      // issue's 50 connections, with wrk where it can be had (decision 066).
      const generator = ensureWrk(log);
      if (!generator) {
        notes.push(
          "wrk could not be installed: the guests' pages were loaded by autocannon, whose one core runs out before the server (decision 066).",
        );
      }
      const browser = { "accept-encoding": "gzip, deflate, br" };
      const guestRows = await loadRows(
        base,
        pid,
        [
          { name: GUEST_ROWS.bare, path: "/livez", headers: browser },
          { name: GUEST_ROWS.home, path: "/", floor: GUEST_ROWS.bare, headers: browser },
          {
            name: GUEST_ROWS.productPage,
            path: `/product-details/${product._id}`,
            floor: GUEST_ROWS.bare,
            headers: browser,
          },
        ],
        { ...options, connections: options.guestConnections },
        loadCpu,
        log,
        notes,
        generator,
      );
      out.guestPages = {
        generator: generator ?? "autocannon",
        connections: options.guestConnections,
        rounds: options.rounds,
        durationSeconds: options.durationSeconds,
        rows: guestRows,
        checks: guestPageChecks(guestRows),
      };
      const memory = rss.stop();
      out.load.memory = { idleMB, ...memory };
      out.load.checks = loadChecks(rows, memory.hwmMB);
    }

    if (sections.has("orders")) {
      const sql = postgres(database.url, { max: 1, onnotice: () => {} });
      try {
        // Every line's stock is tracked (issue 22): the ordered products get pieces enough for
        // the run, as an "import" in their ledger.
        const spread = await json<{ data: (typeof product)[] }>(
          `${base}/api/products?category=${encodeURIComponent("Bag Items")}&limit=${ORDER_VARIANTS}`,
        );
        await stockForBench(sql, [product, ...spread.data]);
        const pg = postgresPids();
        const placeOrders = (
          bodies: string[],
          prefix: string,
          durationSeconds = options.ordersSeconds,
        ) =>
          withCpu(
            () => [pid],
            () =>
              withCpu(
                () => pg,
                () =>
                  runLoad(
                    {
                      url: `${base}/api/postOrder`,
                      method: "POST",
                      headers: {
                        "content-type": "application/json",
                        "idempotency-key": `${prefix}[<id>]`,
                      },
                      bodies,
                      idReplacement: true,
                      connections: options.connections,
                      durationSeconds,
                    },
                    loadCpu,
                  ),
              ),
          );
        /** Acknowledged against stored for one run's keys: lost and stored twice. */
        const audit = async (prefix: string, acknowledged: number) => {
          // The server may still be finishing the last requests autocannon gave up waiting for.
          await new Promise((r) => setTimeout(r, 1000));
          const [counts] = await sql<{ stored: number; keys: number }[]>`
            select count(*)::int as stored, count(distinct idempotency_key)::int as keys
            from orders where idempotency_key like ${`${prefix}%`}`;
          const stored = counts?.stored ?? 0;
          return {
            stored,
            duplicated: stored - (counts?.keys ?? 0),
            lost: Math.max(0, acknowledged - stored),
          };
        };

        // The order path warmed up first, as in a shop that has been open for a while: cold, its
        // first seconds run before V8 has optimised it (the load rows warm up by their rounds).
        await placeOrders(spread.data.map(orderBody), "bench-warm-up-", ORDERS_WARM_UP_SECONDS);
        log(`  orders warmed up for ${ORDERS_WARM_UP_SECONDS} s`);
        const measured = await placeOrders(spread.data.map(orderBody), "bench-spread-");
        const figures = measured.result.result;
        const acknowledged = figures.ok2xx;
        const { stored, duplicated, lost } = await audit("bench-spread-", acknowledged);
        const perSecond = acknowledged / options.ordersSeconds;
        log(
          `  orders (stock tracked, ${spread.data.length} variants): ${Math.round(perSecond)}/s accepted, ${acknowledged} acknowledged, ${stored} stored`,
        );

        const worst = (await placeOrders([orderBody(product)], "bench-one-")).result.result;
        const worstAudit = await audit("bench-one-", worst.ok2xx);
        const worstPerSecond = worst.ok2xx / options.ordersSeconds;
        log(
          `  orders all on one variant: ${Math.round(worstPerSecond)}/s accepted, ${worst.ok2xx} acknowledged, ${worstAudit.stored} stored`,
        );
        const [mismatch] = await sql<{ n: number }[]>`
          select count(*)::int as n from (${sql.unsafe(LEDGER_MISMATCH_SQL)}) m`;

        out.orders = {
          connections: options.connections,
          durationSeconds: options.ordersSeconds,
          serverCpuPercent: measured.cpuPercent,
          postgresCpuPercent: measured.result.cpuPercent,
          figures: { ...figures, requestsPerSecond: perSecond },
          acknowledged,
          stored,
          duplicated,
          lost,
          variants: spread.data.length,
          oneVariant: {
            figures: { ...worst, requestsPerSecond: worstPerSecond },
            acknowledged: worst.ok2xx,
            perSecond: worstPerSecond,
            ...worstAudit,
          },
          ledgerMismatches: mismatch?.n ?? Number.NaN,
          checks: ordersChecks(
            {
              lost: lost + worstAudit.lost,
              duplicated: duplicated + worstAudit.duplicated,
            },
            perSecond,
          ),
        };
      } finally {
        await sql.end({ timeout: 5 });
      }
      if (out.load) {
        const peak = readRss(pid)?.peakMB ?? Number.NaN;
        out.load.memory.hwmMB = peak;
        out.load.checks.rss = checkBudget(peak, SERVER_BUDGETS.rssPostgres);
      }
    }
    if (sections.has("order-lists")) {
      const admin = { cookie: await sessionCookie(base, DEMO_ADMIN) };
      const ordersBefore = await countOrders(database.url);
      const listPath = "/api/orders?status=Pending&limit=20";
      const pagePath = "/dashboard/pendingOrders";
      const before = await loadRows(
        base,
        pid,
        [
          { name: ORDER_LIST_ROWS.bare, path: "/livez" },
          {
            name: ORDER_LIST_ROWS.json,
            path: listPath,
            floor: ORDER_LIST_ROWS.bare,
            headers: admin,
          },
          { name: ORDER_LIST_ROWS.page, path: pagePath, headers: admin },
        ],
        options,
        loadCpu,
        log,
        notes,
      );
      log(`  filling the orders table to ${options.orderListOrders.toLocaleString("en-US")}...`);
      const started = performance.now();
      await fillOrders(database.url, options.orderListOrders);
      const fillSeconds = (performance.now() - started) / 1000;
      const ordersAfter = await countOrders(database.url);
      const after = await loadRows(
        base,
        pid,
        [
          {
            name: ORDER_LIST_ROWS.jsonAtScale,
            path: listPath,
            floor: ORDER_LIST_ROWS.json,
            headers: admin,
          },
          {
            name: ORDER_LIST_ROWS.pageAtScale,
            path: pagePath,
            floor: ORDER_LIST_ROWS.page,
            headers: admin,
          },
        ],
        options,
        loadCpu,
        log,
        notes,
      );
      const rows = withRatios([...before, ...after]);
      out.orderLists = {
        connections: options.connections,
        rounds: options.rounds,
        durationSeconds: options.durationSeconds,
        ordersBefore,
        ordersAfter,
        phones: FILL_PHONES,
        fillSeconds,
        rows,
        checks: orderListChecks(rows),
      };
      out.explain = [...(out.explain ?? []), ...(await explainRiskAggregate(database.url))];
    }
    if (!out.load) rss.stop();
    return out;
  } finally {
    await server?.stop();
  }
}
