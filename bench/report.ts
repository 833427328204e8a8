/**
 * Pure parts of the benchmark: statistics, DESIGN §7 budgets, and the Markdown report.
 * No I/O here, so it is unit-tested (bench/report.test.ts).
 */

import type { CollectedMemory } from "./collected-memory";
import type { FreshMemoryCost } from "./fresh-memory";

export type Check = {
  /** Which figure, e.g. "Initial JS (gzip)". */
  label: string;
  measured: number;
  /** "max": measured must be ≤ limit; "min": measured must be ≥ limit. */
  kind: "max" | "min";
  limit: number;
  unit: Unit;
  ok: boolean;
};

export type Unit = "kB" | "ms" | "score" | "%" | "/s" | "MB" | "MB/h" | "count" | "";

export type Budget = { label: string; kind: "max" | "min"; limit: number; unit: Unit };

/** DESIGN §7, storefront routes. kB = 1000 bytes (as Vite prints them). */
export const BUDGETS = {
  jsGzipKB: { label: "Initial JS (gzip)", kind: "max", limit: 140, unit: "kB" },
  cssGzipKB: { label: "CSS (gzip)", kind: "max", limit: 20, unit: "kB" },
  performance: { label: "Performance", kind: "min", limit: 98, unit: "score" },
  lcpMs: { label: "LCP", kind: "max", limit: 2000, unit: "ms" },
  tbtMs: { label: "TBT", kind: "max", limit: 50, unit: "ms" },
  cls: { label: "CLS", kind: "max", limit: 0.02, unit: "" },
  accessibility: { label: "Accessibility", kind: "min", limit: 100, unit: "score" },
  bestPractices: { label: "Best practices", kind: "min", limit: 100, unit: "score" },
  seo: { label: "SEO", kind: "min", limit: 100, unit: "score" },
} as const satisfies Record<string, Budget>;

export type BudgetKey = keyof typeof BUDGETS;

export const LIGHTHOUSE_KEYS = [
  "performance",
  "lcpMs",
  "tbtMs",
  "cls",
  "accessibility",
  "bestPractices",
  "seo",
] as const satisfies readonly BudgetKey[];

export type LighthouseKey = (typeof LIGHTHOUSE_KEYS)[number];

/** Median of the finite numbers given; NaN when there are none. Even counts average the middle two. */
export function median(values: readonly number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const mid = Math.floor(n / 2);
  return n % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function checkBudget(measured: number, budget: Budget): Check {
  const ok = Number.isFinite(measured)
    ? budget.kind === "max"
      ? measured <= budget.limit
      : measured >= budget.limit
    : false;
  return {
    label: budget.label,
    measured,
    kind: budget.kind,
    limit: budget.limit,
    unit: budget.unit,
    ok,
  };
}

/** Bytes → kB (1000 bytes), the unit of the byte budgets. */
export function toKB(bytes: number): number {
  return bytes / 1000;
}

export function formatValue(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return "n/a";
  switch (unit) {
    case "kB":
      return `${value.toFixed(1)} kB`;
    case "ms":
      return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
    case "score":
      return String(Math.round(value));
    case "%":
      return `${Math.round(value * 100)} %`;
    case "/s":
      return `${Math.round(value).toLocaleString("en-US")}/s`;
    case "MB":
      return `${Math.round(value)} MB`;
    case "MB/h":
      return `${value.toFixed(1)} MB/h`;
    case "count":
      return String(Math.round(value));
    default:
      return value.toFixed(3);
  }
}

export function formatBudget(budget: Pick<Budget, "kind" | "limit" | "unit">): string {
  return `${budget.kind === "max" ? "≤" : "≥"} ${formatValue(budget.limit, budget.unit)}`;
}

export function mark(ok: boolean): string {
  return ok ? "✅" : "❌";
}

export function formatCheck(check: Check): string {
  return `${formatValue(check.measured, check.unit)} ${mark(check.ok)}`;
}

/** A Markdown table; cells are escaped so a `|` in a URL cannot break it. */
export function markdownTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const esc = (cell: string) => cell.replace(/\|/g, "\\|").replace(/\n/g, " ");
  const line = (cells: readonly string[]) => `| ${cells.map(esc).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

// ---------------------------------------------------------------------------------------------
// Result shapes (what bench/run.ts writes to bench/results/latest.json)

export type RouteInfo = {
  /** Short name shown in tables, e.g. "home". */
  name: string;
  /** Path on the server, e.g. "/shop". */
  path: string;
  /** The stack's floor: shown for comparison, its budgets are informative only. */
  floor?: boolean;
  /** Shown for comparison like the floor, but not the floor (e.g. a static page of the shop). */
  reference?: boolean;
  /** Measured signed in as the demo admin (its session cookie sent with every request). */
  signedIn?: boolean;
};

/** The floor and other reference routes: measured and shown, never budget misses. */
export const isReference = (route: RouteInfo) => Boolean(route.floor || route.reference);

export type ByteCount = {
  files: number;
  raw: number;
  gzip: number;
  /** Body bytes as the server actually sent them (compressed or not). */
  transferred: number;
};

export type BundleRoute = RouteInfo & {
  status: number;
  js: ByteCount;
  css: ByteCount;
  /** The HTML document itself (inline scripts such as the loader data are counted here). */
  document: ByteCount;
  /** Images, fonts and everything else, raw bytes. */
  otherRawBytes: number;
  requests: number;
  /** Request URLs to any other origin than the benched server (should be none). */
  external: string[];
  /**
   * The same figures from the build manifest: entry + the rendered routes' modules, imports and
   * CSS. Differs from the loaded figures when hydration imports lazily or a page prefetches.
   */
  manifest: { routeIds: string[]; js: ByteCount; css: ByteCount } | null;
  /** Errors the page logged to the console while loading (Lighthouse's best practices count them). */
  consoleErrors: string[];
  /** Script and stylesheet URLs, with gzip sizes, largest first. */
  assets: { url: string; type: "script" | "stylesheet"; raw: number; gzip: number }[];
  checks: { js: Check; css: Check };
};

export type LighthouseRun = Record<LighthouseKey, number> & {
  fcpMs: number;
  benchmarkIndex: number;
  /** Failing audits of this run (score < 0.9), for "what limits it". */
  failing: { id: string; title: string; displayValue?: string }[];
  /** Requests Lighthouse saw to any other origin than the page's (should be none). */
  external: string[];
  /** The LCP element's CSS selector, as Lighthouse names it. */
  lcpElement?: string;
  /**
   * Whether a script request had started before the LCP of the observed (unthrottled) load:
   * only then does the simulation count scripts in the LCP (decisions 013 and 028).
   */
  scriptsBeforeLcp?: boolean;
  /** Main-thread time per kind of work in the observed (unthrottled) load, ms. */
  mainThreadMs?: Record<string, number>;
  /** The scripts (or page) that used the most CPU in the observed load, ms, largest first. */
  bootup?: { url: string; ms: number }[];
  runtimeError?: string;
  warnings: string[];
};

export type LighthouseRoute = RouteInfo & {
  runs: LighthouseRun[];
  median: Record<LighthouseKey, number> & { fcpMs: number };
  checks: Record<LighthouseKey, Check>;
  /** Audits failing in at least one run, with how many runs flagged them. */
  failing: { id: string; title: string; displayValue?: string; runs: number }[];
};

/** One throttled load (bench/interactive.ts): ms from the navigation's start. */
export type InteractiveRun = {
  fcpMs: number;
  /** When <html data-hydrated> appeared: the page responds from here on. */
  interactiveMs: number;
  /** First contentful paint → interactive. */
  gapMs: number;
  /**
   * The long tasks' time over 50 ms from the first paint to a second after interactive, as the
   * page really ran them under this throttling (bench/interactive.ts): what Lighthouse's TBT
   * estimates by simulation.
   */
  blockingMs: number;
  error?: string;
};

type InteractiveMedians = Pick<InteractiveRun, "fcpMs" | "interactiveMs" | "gapMs" | "blockingMs">;

export type InteractiveRoute = RouteInfo & {
  runs: InteractiveRun[];
  median: InteractiveMedians;
  check: Check;
};

/** Issue 21 item 3 / issue 26 item 5: a page responds within a second of showing. */
export const INTERACTIVE_BUDGET = {
  label: "First paint → interactive",
  kind: "max",
  limit: 1000,
  unit: "ms",
} as const satisfies Budget;

/** Medians over the runs that did not fail, and the budget check of the gap. */
export function summariseInteractive(route: RouteInfo, runs: InteractiveRun[]): InteractiveRoute {
  const good = runs.filter((r) => !r.error);
  const med = (key: keyof InteractiveMedians) => median(good.map((r) => r[key]));
  const medianValues = {
    fcpMs: med("fcpMs"),
    interactiveMs: med("interactiveMs"),
    gapMs: med("gapMs"),
    blockingMs: med("blockingMs"),
  };
  return {
    ...route,
    runs,
    median: medianValues,
    check: checkBudget(medianValues.gapMs, INTERACTIVE_BUDGET),
  };
}

export function renderInteractiveTable(routes: readonly InteractiveRoute[]): string {
  const header = [
    "Route",
    "Path",
    "First contentful paint",
    "Interactive",
    `Paint → interactive (${formatBudget(INTERACTIVE_BUDGET)})`,
    "Blocking time, observed",
    "Runs",
  ];
  const rows = routes.map((r) => {
    const ok = r.runs.filter((run) => !run.error).length;
    return [
      routeCell(r),
      `\`${r.path}\``,
      formatValue(r.median.fcpMs, "ms"),
      formatValue(r.median.interactiveMs, "ms"),
      formatCheck(r.check),
      formatValue(r.median.blockingMs, "ms"),
      ok === r.runs.length ? String(ok) : `${ok}/${r.runs.length} ok`,
    ];
  });
  return markdownTable(header, rows);
}

export type BenchResult = {
  date: string;
  git: { commit: string; dirty: boolean } | null;
  machine: {
    os: string;
    cores: number;
    cpu: string;
    memoryGB: number;
    node: string;
    chromium: string;
    lighthouse?: string;
    /** Lighthouse's own CPU benchmark (median); lower = slower or busier machine. */
    benchmarkIndex?: number;
    /** What fresh memory from the system cost when the run started and when it ended. */
    freshMemory?: { start?: FreshMemoryCost; end?: FreshMemoryCost };
  };
  database: "pglite" | "postgres" | "unknown";
  /** Products in the catalogue the pages were measured on, when the bench seeded it. */
  pageProducts?: number;
  baseUrl: string;
  /** `only`: "all" or the sections run, comma-separated. */
  options: { runs: number; only: string; externalServer: boolean };
  durationSeconds: number;
  bundle?: BundleRoute[];
  lighthouse?: LighthouseRoute[];
  /** First paint → interactive per route under Chromium's own throttling (bench/interactive.ts). */
  interactive?: InteractiveRoute[];
  /** The PostgreSQL database the load, orders and search sections ran on. */
  server?: ServerBenchInfo;
  load?: LoadSection;
  guestPages?: GuestPagesSection;
  flashSale?: FlashSaleSection;
  soak?: SoakSection;
  firstStart?: FirstStartSection;
  orders?: OrdersSection;
  orderLists?: OrderListsSection;
  search?: SearchSection;
  pglite?: PgliteSection;
  /** Read counters of the products table over the whole PostgreSQL part of the run. */
  catalogueReads?: {
    products: number;
    seqScans: number;
    seqRowsRead: number;
    indexScans: number;
    indexRowsFetched: number;
    check: Check;
  };
  explain?: { name: string; sql: string; plan: string }[];
  notes: string[];
};

export function bundleChecks(js: ByteCount, css: ByteCount): BundleRoute["checks"] {
  return {
    js: checkBudget(toKB(js.gzip), BUDGETS.jsGzipKB),
    css: checkBudget(toKB(css.gzip), BUDGETS.cssGzipKB),
  };
}

/** Medians per metric over the runs that did not fail, their budget checks and failing audits. */
export function summariseLighthouse(route: RouteInfo, runs: LighthouseRun[]): LighthouseRoute {
  const good = runs.filter((r) => !r.runtimeError);
  const med = (key: LighthouseKey | "fcpMs") => median(good.map((r) => r[key]));
  const medianValues = {
    performance: med("performance"),
    lcpMs: med("lcpMs"),
    tbtMs: med("tbtMs"),
    cls: med("cls"),
    accessibility: med("accessibility"),
    bestPractices: med("bestPractices"),
    seo: med("seo"),
    fcpMs: med("fcpMs"),
  };
  const checks = Object.fromEntries(
    LIGHTHOUSE_KEYS.map((key) => [key, checkBudget(medianValues[key], BUDGETS[key])]),
  ) as Record<LighthouseKey, Check>;
  const failing = new Map<string, LighthouseRoute["failing"][number]>();
  for (const run of good) {
    for (const audit of run.failing) {
      const seen = failing.get(audit.id);
      if (seen) seen.runs += 1;
      else failing.set(audit.id, { ...audit, runs: 1 });
    }
  }
  return {
    ...route,
    runs,
    median: medianValues,
    checks,
    failing: [...failing.values()].sort((a, b) => b.runs - a.runs || a.id.localeCompare(b.id)),
  };
}

// ---------------------------------------------------------------------------------------------
// Server side: HTTP load, orders, search, memory (DESIGN §7, "JSON API", "Orders", "Server memory")

export const SERVER_BUDGETS = {
  listingRatio: {
    label: "20-product listing vs bare JSON (req/s)",
    kind: "min",
    limit: 0.4,
    unit: "%",
  },
  productSsrRatio: {
    label: "Product page SSR vs static HTML (req/s)",
    kind: "min",
    limit: 0.5,
    unit: "%",
  },
  searchP95: { label: "Search p95 on the large catalogue", kind: "max", limit: 15, unit: "ms" },
  ordersPerSecond: { label: "Accepted orders", kind: "min", limit: 300, unit: "/s" },
  ordersLostOrDuplicated: {
    label: "Orders lost or duplicated",
    kind: "max",
    limit: 0,
    unit: "count",
  },
  rssPostgres: {
    label: "Server RSS peak under load (PostgreSQL)",
    kind: "max",
    limit: 200,
    unit: "MB",
  },
  wholeCatalogueReads: {
    label: "Products read by whole-table scans (pages, load, orders)",
    kind: "max",
    limit: 0,
    unit: "count",
  },
  rssPglite: {
    label: "Server RSS peak under load (PGlite, database included)",
    kind: "max",
    limit: 400,
    unit: "MB",
  },
  rssPgliteIdle: {
    label: "Server RSS at rest (PGlite, database included)",
    kind: "max",
    limit: 400,
    unit: "MB",
  },
  // Issue 26 item 3: no growth over a soak of mixed traffic.
  soakTrend: { label: "Soak: RSS trend", kind: "max", limit: 10, unit: "MB/h" },
  // Issue 26 item 4.
  firstStart: {
    label: "Fresh copy: npm start to the first page",
    kind: "max",
    limit: 15_000,
    unit: "ms",
  },
  // Issue 26 item 1: guests' pages from the guest page cache, at 50 connections.
  guestPageRatio: {
    label: "Guest page vs bare JSON (req/s)",
    kind: "min",
    limit: 0.5,
    unit: "%",
  },
  guestPageP99: { label: "Guest page p99", kind: "max", limit: 50, unit: "ms" },
  // Issue 26 item 2 and DESIGN §7 "A sale".
  saleErrors: {
    label: "Flash sale: errors (pages and orders)",
    kind: "max",
    limit: 0,
    unit: "count",
  },
  saleLostOrDuplicated: {
    label: "Flash sale: orders lost or duplicated",
    kind: "max",
    limit: 0,
    unit: "count",
  },
  salePageP95: { label: "Flash sale: page p95", kind: "max", limit: 300, unit: "ms" },
  saleRefused: {
    label: "Flash sale: legitimate orders refused",
    kind: "max",
    limit: 0,
    unit: "count",
  },
  // Issue 23 "Performance": the lists keep their speed when the shop has 100,000 orders.
  orderListAtScale: {
    label: "Order list with risk at scale vs the same list on a young shop (req/s)",
    kind: "min",
    limit: 0.8,
    unit: "%",
  },
} as const satisfies Record<string, Budget>;

/** The admins' order lists (risk column included) before and after the orders table is filled. */
export type OrderListsSection = {
  connections: number;
  rounds: number;
  durationSeconds: number;
  ordersBefore: number;
  ordersAfter: number;
  phones: number;
  fillSeconds: number;
  rows: LoadRow[];
  checks: Check[];
};

export const ORDER_LIST_ROWS = {
  bare: "bare JSON",
  json: "Pending list JSON (20, with risk)",
  page: "Pending queue page",
  jsonAtScale: "Pending list JSON at scale",
  pageAtScale: "Pending queue page at scale",
} as const;

export function orderListChecks(rows: readonly LoadRow[]): Check[] {
  return [ORDER_LIST_ROWS.jsonAtScale, ORDER_LIST_ROWS.pageAtScale].map((name) => {
    const ratio = rows.find((r) => r.name === name)?.ratio ?? Number.NaN;
    return checkBudget(ratio, { ...SERVER_BUDGETS.orderListAtScale, label: `${name} vs before` });
  });
}

export function renderOrderListsSection(lists: OrderListsSection): string[] {
  return [
    "### Order lists with the risk column",
    "",
    `The admin's Pending list (20 orders a page, each with its phone's history: one aggregate per page ` +
      `of phones) loaded on the shop as the order bench left it (${lists.ordersBefore.toLocaleString("en-US")} orders), ` +
      `then again after the orders table was filled to ${lists.ordersAfter.toLocaleString("en-US")} orders from ` +
      `${lists.phones.toLocaleString("en-US")}+ phone numbers (${lists.fillSeconds.toFixed(1)} s), signed in as the demo admin, ` +
      `${lists.connections} connections, ${lists.rounds} round(s) of ${lists.durationSeconds} s per target.`,
    "",
    renderLoadTable(lists),
    "",
    markdownTable(
      ["Budget", "Measured", "Limit"],
      lists.checks.map((c) => [c.label, formatCheck(c), formatBudget(c)]),
    ),
    "",
  ];
}

export type ServerBenchInfo = {
  database: "postgres";
  products: number;
  seedSeconds: number;
  /** Server on one core, load generator on the other (taskset); false when not available. */
  pinned: boolean;
};

export type LoadFiguresRow = {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

export type LoadRow = LoadFiguresRow & {
  name: string;
  path: string;
  /** CPU the server process used during the row's load, in % of one core. */
  serverCpuPercent?: number;
  /** CPU every PostgreSQL process used meanwhile, in % of one core. */
  postgresCpuPercent?: number;
  /** The row this one is compared with (its floor); none for a floor itself. */
  floor?: string;
  /** requests/s of this row ÷ its floor's, in the same run. */
  ratio?: number;
};

export type LoadSection = {
  connections: number;
  /** Each target was loaded this many times for durationSeconds, in rounds over all targets. */
  rounds?: number;
  durationSeconds: number;
  rows: LoadRow[];
  memory: { idleMB: number; sampledPeakMB: number; hwmMB: number };
  /** Customers who signed in at the same moment during the load (absent in older results). */
  signInBurst?: number;
  checks: { listingRatio: Check; productSsrRatio: Check; rss: Check };
};

/** Guests' home and product page (from the guest page cache) against the bare JSON route. */
export type GuestPagesSection = {
  /** What generated the load (older results: autocannon). */
  generator?: "autocannon" | "wrk";
  connections: number;
  rounds: number;
  durationSeconds: number;
  rows: LoadRow[];
  checks: Check[];
};

export const GUEST_ROWS = {
  bare: "bare JSON",
  home: "home for guests",
  productPage: "product page for guests",
} as const;

/** requests/s for each core's worth of the server's CPU: its capacity where the load generator ran out first. */
function perServerCore(row: LoadRow | undefined): number {
  const cpu = row?.serverCpuPercent;
  return row && cpu !== undefined && cpu > 0 ? row.requestsPerSecond / (cpu / 100) : Number.NaN;
}

/**
 * Each guest page's requests/s against the bare JSON route's, and its p99, as named checks; with
 * the server's CPU known, also the same ratio per core of server CPU. A cached page is tens of
 * kilobytes that the load generator reads on its one core, so it can run out before the server:
 * then the raw ratio tells the generator's limit and the per-core ratio the server's.
 */
export function guestPageChecks(rows: readonly LoadRow[]): Check[] {
  const bare = rows.find((r) => r.name === GUEST_ROWS.bare);
  return [GUEST_ROWS.home, GUEST_ROWS.productPage].flatMap((name) => {
    const row = rows.find((r) => r.name === name);
    const title = `${name[0]?.toUpperCase()}${name.slice(1)}`;
    const perCore = perServerCore(row) / perServerCore(bare);
    return [
      {
        ...checkBudget(row?.ratio ?? Number.NaN, SERVER_BUDGETS.guestPageRatio),
        label: `${title} vs bare JSON (req/s)`,
      },
      ...(Number.isFinite(perCore)
        ? [
            {
              ...checkBudget(perCore, SERVER_BUDGETS.guestPageRatio),
              label: `${title} vs bare JSON (req/s per core of server CPU)`,
            },
          ]
        : []),
      {
        ...checkBudget(row?.latencyP99Ms ?? Number.NaN, SERVER_BUDGETS.guestPageP99),
        label: `${title} p99`,
      },
    ];
  });
}

/** Latency figures of one kind of request (bench/flash-sale-worker.ts). */
export type SaleLatencies = {
  count: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
};

/** What the flash sale's traffic saw (bench/flash-sale-worker.ts). */
export type SaleFigures = {
  seconds: number;
  /** Connection errors by code, pages and orders together (each retried once when reset). */
  errorKinds: Record<string, number>;
  /** Requests sent again after their kept-alive connection was reset, as browsers do. */
  retries: number;
  pages: {
    requests: number;
    perSecond: number;
    failures: Record<string, number>;
    errors: number;
    all: SaleLatencies;
    byKind: Record<string, SaleLatencies>;
  };
  orders: {
    sent: number;
    accepted: number;
    refused: number;
    failures: Record<string, number>;
    errors: number;
    perSecond: number;
    latency: SaleLatencies;
    firstRefusal?: string;
  };
};

/** Issue 26 item 2: browsing and orders from one address with the default rate limits. */
export type FlashSaleSection = {
  products: number;
  durationSeconds: number;
  visitors: number;
  thinkMs: number;
  ordersPerSecond: number;
  phones: number;
  /** Different phone numbers among the stored orders. */
  phonesStored: number;
  pinned: boolean;
  figures: SaleFigures;
  stored: number;
  lost: number;
  duplicated: number;
  serverCpuPercent?: number;
  postgresCpuPercent?: number;
  memory: { idleMB: number; sampledPeakMB: number; hwmMB: number };
  checks: Check[];
};

const sumOf = (counts: Record<string, number>) =>
  Object.values(counts).reduce((total, n) => total + n, 0);

export function flashSaleChecks(sale: {
  figures: SaleFigures;
  lost: number;
  duplicated: number;
}): Check[] {
  const { pages, orders } = sale.figures;
  const errors = sumOf(pages.failures) + pages.errors + sumOf(orders.failures) + orders.errors;
  return [
    checkBudget(errors, SERVER_BUDGETS.saleErrors),
    checkBudget(sale.lost + sale.duplicated, SERVER_BUDGETS.saleLostOrDuplicated),
    checkBudget(pages.all.p95Ms, SERVER_BUDGETS.salePageP95),
    checkBudget(orders.refused, SERVER_BUDGETS.saleRefused),
  ];
}

export function renderFlashSaleSection(sale: FlashSaleSection): string[] {
  const { pages, orders } = sale.figures;
  const ms = (v: number) => `${Math.round(v)} ms`;
  const kinds = Object.entries(pages.byKind).map(([kind, l]) => [
    kind,
    String(l.count),
    ms(l.p50Ms),
    ms(l.p95Ms),
    ms(l.p99Ms),
    ms(l.maxMs),
  ]);
  const failures = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([status, n]) => `${n} × ${status}`)
      .join(", ") || "none";
  return [
    `## Flash sale (PostgreSQL, ${sale.products.toLocaleString("en-US")} products)`,
    "",
    `${sale.visitors} visitors browsing (home, listings, search, product pages; ` +
      `${sale.thinkMs > 0 ? `a think time of ${sale.thinkMs} ms on average between pages` : "no think time"}, gzip as a browser asks) ` +
      `while ${sale.ordersPerSecond} orders/s are placed from ${sale.phones.toLocaleString("en-US")} phone numbers, ` +
      `for ${sale.durationSeconds} s, every request from one address (127.0.0.1, as behind a carrier's NAT), ` +
      "the production server with its default rate limits" +
      (sale.pinned ? " (pinned to CPU 0, the traffic to CPU 1)." : "."),
    "",
    markdownTable(
      ["Pages", "requests", "p50", "p95", "p99", "max"],
      [
        ...kinds,
        [
          "**all**",
          String(pages.all.count),
          ms(pages.all.p50Ms),
          ms(pages.all.p95Ms),
          ms(pages.all.p99Ms),
          ms(pages.all.maxMs),
        ],
      ],
    ),
    "",
    `Pages: ${formatValue(pages.perSecond, "/s")}, failed answers: ${failures(pages.failures)}, connection errors: ${pages.errors}. ` +
      `Connection errors seen, pages and orders (a reset kept-alive connection is tried once more, as browsers and the checkout do; ${sale.figures.retries} such retries): ${failures(sale.figures.errorKinds)}.`,
    "",
    markdownTable(
      [
        "Orders sent",
        "Accepted (201)",
        "Refused (429)",
        "Other answers",
        "Errors",
        "Accepted/s",
        "p95",
        "Stored",
        "Lost",
        "Duplicated",
        "Phones stored",
      ],
      [
        [
          String(orders.sent),
          String(orders.accepted),
          String(orders.refused),
          failures(orders.failures),
          String(orders.errors),
          formatValue(orders.perSecond, "/s"),
          ms(orders.latency.p95Ms),
          String(sale.stored),
          String(sale.lost),
          String(sale.duplicated),
          sale.phonesStored.toLocaleString("en-US"),
        ],
      ],
    ),
    "",
    markdownTable(
      ["Budget", "Measured", "Limit"],
      sale.checks.map((c) => [c.label, formatCheck(c), formatBudget(c)]),
    ),
    "",
    `CPU meanwhile (% of one core): server ${Math.round(sale.serverCpuPercent ?? Number.NaN)} %, PostgreSQL ${Math.round(sale.postgresCpuPercent ?? Number.NaN)} %. ` +
      `Server RSS ${formatValue(sale.memory.idleMB, "MB")} before, ${formatValue(sale.memory.hwmMB, "MB")} peak.`,
    "",
  ];
}

/** Issue 26 item 4: `npm start` in a fresh copy of the repository, to the first page. */
export type FirstStartSection = {
  commit: string;
  seconds: number;
  /** CPU time of the build and the server together until the first page. */
  cpuSeconds: number;
  /** What Vite printed for its two builds (client, server). */
  buildSeconds: number;
  rssMB: number;
  peakMB: number;
  /** The machine's 1-minute load average at the end (other work slows every figure). */
  load: number;
  check: Check;
};

export function renderFirstStartSection(first: FirstStartSection): string[] {
  return [
    "## A fresh copy to the first page",
    "",
    `\`npm start\` in a fresh copy of commit \`${first.commit}\` (\`git archive\`, node_modules linked in as after \`npm ci\`): ` +
      "its prestart build, then the server with a new embedded database, migrations and the demo data, " +
      `until \`/\` answers 200: ${formatCheck(first.check)} (budget ${formatBudget(first.check)}), ` +
      `${first.cpuSeconds.toFixed(1)} CPU seconds (build and server), Vite's builds ${first.buildSeconds.toFixed(1)} s of it; ` +
      `the server then held ${formatValue(first.rssMB, "MB")} (peak ${formatValue(first.peakMB, "MB")}). ` +
      `Load average at the end: ${first.load.toFixed(1)}.`,
    "",
  ];
}

/** Issue 26 item 3: the server on PGlite under mixed traffic for a while, its RSS over time. */
export type SoakSection = {
  products: number;
  minutes: number;
  visitors: number;
  ordersPerSecond: number;
  editEverySeconds: number;
  edits: number;
  failedEdits: number;
  figures: SaleFigures;
  idleMB: number;
  /** Mean RSS over the last minute. */
  endMB: number;
  peakMB: number;
  /** Least-squares slope of RSS after the first third of the soak, in MB per hour. */
  trendMBPerHour: number;
  /** The server's memory right after a forced full collection, before and after the traffic. */
  collected?: { atRest: CollectedMemory; afterSoak: CollectedMemory };
  /** [minute, RSS MB] every few seconds. */
  samples: [number, number][];
  checks: Check[];
};

/** The least-squares slope of [minute, MB] points, in MB per hour (NaN under two points). */
export function trendPerHour(points: readonly [number, number][]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? Number.NaN : (num / den) * 60;
}

export function soakChecks(soak: {
  idleMB: number;
  peakMB: number;
  trendMBPerHour: number;
}): Check[] {
  return [
    checkBudget(soak.idleMB, SERVER_BUDGETS.rssPgliteIdle),
    {
      ...checkBudget(soak.peakMB, SERVER_BUDGETS.rssPglite),
      label: "Soak: server RSS peak (PGlite)",
    },
    checkBudget(soak.trendMBPerHour, SERVER_BUDGETS.soakTrend),
  ];
}

/** What the server holds once its garbage is collected, at rest and after the soak. */
function collectedLine({ atRest, afterSoak }: NonNullable<SoakSection["collected"]>): string {
  const pair = (key: keyof CollectedMemory) =>
    `${formatValue(atRest[key], "MB")} → ${formatValue(afterSoak[key], "MB")}`;
  return (
    `After a forced full collection (the inspector, outside the trend's window), at rest → after the soak: ` +
    `RSS ${pair("rssMB")}, live JavaScript heap ${pair("heapUsedMB")}, V8's committed heap ${pair("heapTotalMB")}, ` +
    `array buffers ${pair("arrayBuffersMB")}. What the caches fill (pages, catalogue) is part of the difference.`
  );
}

export function renderSoakSection(soak: SoakSection): string[] {
  const { pages, orders } = soak.figures;
  // One point a minute for the table, from the samples.
  const perMinute = new Map<number, number[]>();
  for (const [minute, mb] of soak.samples) {
    const at = Math.floor(minute);
    perMinute.set(at, [...(perMinute.get(at) ?? []), mb]);
  }
  const minutes = [...perMinute].map(([minute, values]) => [
    String(minute),
    formatValue(values.reduce((a, b) => a + b, 0) / values.length, "MB"),
  ]);
  return [
    `## Memory soak on PGlite (${soak.minutes} min, ${soak.products.toLocaleString("en-US")} products)`,
    "",
    `The production server on the embedded database, ${soak.visitors} visitors (guests and a signed-in customer) ` +
      `browsing, ${soak.ordersPerSecond} orders/s, an admin renaming a product every ${soak.editEverySeconds} s ` +
      `(${soak.edits} edits${soak.failedEdits ? `, ${soak.failedEdits} failed` : ""}; each empties the page and read caches). ` +
      `Pages: ${pages.all.count} (p95 ${Math.round(pages.all.p95Ms)} ms), orders accepted: ${orders.accepted}.`,
    "",
    markdownTable(["Minute", "RSS (mean)"], minutes),
    "",
    `RSS: ${formatValue(soak.idleMB, "MB")} at rest before the traffic, ${formatValue(soak.endMB, "MB")} over the last minute, ` +
      `peak (VmHWM) ${formatValue(soak.peakMB, "MB")}; trend after the first third ${soak.trendMBPerHour.toFixed(1)} MB/h.`,
    "",
    ...(soak.collected ? [collectedLine(soak.collected), ""] : []),
    markdownTable(
      ["Budget", "Measured", "Limit"],
      soak.checks.map((c) => [c.label, formatCheck(c), formatBudget(c)]),
    ),
    "",
  ];
}

export type OrdersSection = {
  connections: number;
  durationSeconds: number;
  figures: LoadFiguresRow;
  /** Orders the server answered 201 for. */
  acknowledged: number;
  /** Orders in the database afterwards (new since the run started). */
  stored: number;
  /** Idempotency keys stored more than once (the unique index should make this 0). */
  duplicated: number;
  /** Acknowledged but not stored. */
  lost: number;
  serverCpuPercent?: number;
  postgresCpuPercent?: number;
  /** Variants the accepted orders spread over (every line's stock tracked). */
  variants?: number;
  /** The worst case, run after: every order on one variant (one row lock for all of them). */
  oneVariant?: {
    figures: LoadFiguresRow;
    acknowledged: number;
    stored: number;
    lost: number;
    duplicated: number;
    perSecond: number;
  };
  /** Variants whose on-hand quantity is not the sum of their stock ledger after both runs. */
  ledgerMismatches?: number;
  checks: { rate: Check; integrity: Check };
};

export type SearchSection = {
  products: number;
  queries: number;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  check: Check;
};

/** The production server on the embedded database with the large catalogue, under load. */
export type PgliteSection = {
  products: number;
  seedSeconds: number;
  connections: number;
  durationSeconds: number;
  rows: (LoadFiguresRow & { name: string; path: string })[];
  memory: { idleMB: number; sampledPeakMB: number; hwmMB: number };
  check: Check;
  /** RSS at rest against the same budget (DESIGN §7: ≤ 400 MB at rest and under load). */
  idleCheck: Check;
};

/** Nearest-rank percentile of the finite values (NaN when there are none). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

/**
 * One target's figures from several slices of equal duration (rounds over all targets, so a burst
 * of load from elsewhere spreads over the targets): mean requests/s, median p50, worst p99, sums.
 */
export function combineSlices(slices: readonly LoadFiguresRow[]): LoadFiguresRow {
  const sum = (key: keyof LoadFiguresRow) => slices.reduce((total, s) => total + s[key], 0);
  return {
    requestsPerSecond: slices.length ? sum("requestsPerSecond") / slices.length : Number.NaN,
    latencyP50Ms: median(slices.map((s) => s.latencyP50Ms)),
    latencyP99Ms: slices.length ? Math.max(...slices.map((s) => s.latencyP99Ms)) : Number.NaN,
    requests: sum("requests"),
    ok2xx: sum("ok2xx"),
    non2xx: sum("non2xx"),
    errors: sum("errors"),
    timeouts: sum("timeouts"),
  };
}

/** Each row's requests/s against its floor's, from the same run. */
export function withRatios(rows: readonly LoadRow[]): LoadRow[] {
  const byName = new Map(rows.map((r) => [r.name, r]));
  return rows.map((row) => {
    const floor = row.floor ? byName.get(row.floor) : undefined;
    if (!floor || !(floor.requestsPerSecond > 0)) return { ...row, ratio: undefined };
    return { ...row, ratio: row.requestsPerSecond / floor.requestsPerSecond };
  });
}

export const LOAD_ROWS = {
  bare: "bare JSON",
  listing: "20-product listing",
  search: "search",
  product: "product JSON",
  home: "home SSR",
  productPage: "product page SSR",
  static: "static HTML",
} as const;

export function loadChecks(rows: readonly LoadRow[], rssPeakMB: number): LoadSection["checks"] {
  const ratio = (name: string) => rows.find((r) => r.name === name)?.ratio ?? Number.NaN;
  return {
    listingRatio: checkBudget(ratio(LOAD_ROWS.listing), SERVER_BUDGETS.listingRatio),
    productSsrRatio: checkBudget(ratio(LOAD_ROWS.productPage), SERVER_BUDGETS.productSsrRatio),
    rss: checkBudget(rssPeakMB, SERVER_BUDGETS.rssPostgres),
  };
}

export function ordersChecks(
  figures: Pick<OrdersSection, "lost" | "duplicated">,
  acceptedPerSecond: number,
): OrdersSection["checks"] {
  return {
    rate: checkBudget(acceptedPerSecond, SERVER_BUDGETS.ordersPerSecond),
    integrity: checkBudget(
      figures.lost + figures.duplicated,
      SERVER_BUDGETS.ordersLostOrDuplicated,
    ),
  };
}

export function renderLoadTable(load: LoadSection | GuestPagesSection | OrderListsSection): string {
  const header = [
    "Target",
    "Path",
    "req/s",
    "p50",
    "p99",
    "vs floor",
    "non-2xx",
    "errors",
    "server CPU",
    "PostgreSQL CPU",
  ];
  const cpu = (v: number | undefined) =>
    v === undefined || !Number.isFinite(v) ? "n/a" : `${Math.round(v)} %`;
  const rows = load.rows.map((r) => [
    r.name,
    `\`${r.path}\``,
    formatValue(r.requestsPerSecond, "/s"),
    `${r.latencyP50Ms} ms`,
    `${r.latencyP99Ms} ms`,
    r.floor && r.ratio !== undefined ? `${formatValue(r.ratio, "%")} of ${r.floor}` : "floor",
    String(r.non2xx),
    String(r.errors + r.timeouts),
    cpu(r.serverCpuPercent),
    cpu(r.postgresCpuPercent),
  ]);
  return markdownTable(header, rows);
}

function serverChecks(result: BenchResult): Check[] {
  return [
    ...(result.load
      ? [
          result.load.checks.listingRatio,
          result.load.checks.productSsrRatio,
          result.load.checks.rss,
        ]
      : []),
    ...(result.guestPages ? result.guestPages.checks : []),
    ...(result.flashSale ? result.flashSale.checks : []),
    ...(result.soak ? result.soak.checks : []),
    ...(result.firstStart ? [result.firstStart.check] : []),
    ...(result.orders ? [result.orders.checks.rate, result.orders.checks.integrity] : []),
    ...(result.orderLists ? result.orderLists.checks : []),
    ...(result.search ? [result.search.check] : []),
    ...(result.pglite ? [result.pglite.check, result.pglite.idleCheck] : []),
    ...(result.catalogueReads ? [result.catalogueReads.check] : []),
  ];
}

/** The PGlite memory section: what ran, the peak against its budget. */
export function renderPgliteSection(pglite: PgliteSection): string[] {
  const rows = pglite.rows.map((r) => [
    r.name,
    `\`${r.path}\``,
    formatValue(r.requestsPerSecond, "/s"),
    `${r.latencyP50Ms} ms`,
    `${r.latencyP99Ms} ms`,
    String(r.non2xx + r.errors + r.timeouts),
  ]);
  return [
    "## Server memory on PGlite",
    "",
    `The production server on a fresh embedded database with ${pglite.products.toLocaleString("en-US")} products ` +
      `(seeded in ${pglite.seedSeconds.toFixed(1)} s; PGlite runs inside the server process), ` +
      `${pglite.connections} connections, one ${pglite.durationSeconds} s slice per target.`,
    "",
    markdownTable(["Target", "Path", "req/s", "p50", "p99", "non-2xx or errors"], rows),
    "",
    `RSS: ${formatCheck(pglite.idleCheck)} at rest before the load (budget ${formatBudget(pglite.idleCheck)}), ` +
      `${formatValue(pglite.memory.sampledPeakMB, "MB")} highest sampled, ` +
      `peak (VmHWM) ${formatCheck(pglite.check)} (budget ${formatBudget(pglite.check)}).`,
    "",
  ];
}

export function renderServerSections(result: BenchResult): string[] {
  const out: string[] = [];
  const info = result.server;
  if (info) {
    out.push(
      "## Server under load (PostgreSQL)",
      "",
      `A fresh PostgreSQL database seeded with ${info.products.toLocaleString("en-US")} products ` +
        `(\`npm run seed -- --products N\` code path, ${info.seedSeconds.toFixed(1)} s), the production server on it. ` +
        (info.pinned
          ? "Server pinned to CPU 0, load generator (autocannon, its own process) to CPU 1 with taskset; PostgreSQL unpinned."
          : "taskset not available: server and load generator share the cores."),
      "",
    );
  }
  if (result.load) {
    const l = result.load;
    out.push(
      `### HTTP throughput (${l.connections} connections, ${l.rounds ?? 1} round(s) of ${l.durationSeconds} s per target)`,
      "",
      renderLoadTable(l),
      "",
      markdownTable(
        ["Budget", "Measured", "Limit"],
        [l.checks.listingRatio, l.checks.productSsrRatio, l.checks.rss].map((c) => [
          c.label,
          formatCheck(c),
          formatBudget(c),
        ]),
      ),
      "",
      `Server memory: ${formatValue(l.memory.idleMB, "MB")} RSS before the load, ` +
        `${formatValue(l.memory.sampledPeakMB, "MB")} highest sampled during it` +
        (l.signInBurst ? ` (${l.signInBurst} customers signing in at once included)` : "") +
        `, ${formatValue(l.memory.hwmMB, "MB")} VmHWM (peak) at the end.`,
      "",
    );
  }
  if (result.guestPages) {
    const g = result.guestPages;
    out.push(
      `### Guests' pages from the page cache (${g.connections} connections, ${g.rounds} round(s) of ${g.durationSeconds} s per target)`,
      "",
      "Every request as a browser sends it to a visitor without a session (`Accept-Encoding: gzip, deflate, br`): " +
        "the page was rendered once and is served to every guest until the catalogue changes " +
        "(docs/decisions/047). The rows above measure rendering (signed in, so never from the cache). " +
        (g.generator === "wrk"
          ? "The load is generated by wrk on its own core, for the bare JSON row as for the pages: autocannon, " +
            "reading every byte of 40–50 kB pages on its one core, ran out before the server did (decision 066)."
          : "The load generator (autocannon) reads every byte of every page on its one core: where the server's CPU " +
            "stays well below 100 %, the generator ran out first, and the per-core budget rows tell the server's capacity."),
      "",
      renderLoadTable(g),
      "",
      markdownTable(
        ["Budget", "Measured", "Limit"],
        g.checks.map((c) => [c.label, formatCheck(c), formatBudget(c)]),
      ),
      "",
    );
  }
  if (result.orders) {
    const o = result.orders;
    out.push(
      `### Order placement (${o.connections} connections, ${o.durationSeconds} s, a unique Idempotency-Key per request)`,
      "",
      ...(o.variants !== undefined
        ? [
            `Every line's stock is tracked: each order takes its piece in its own statement (docs/decisions/045). ` +
              `The first row spreads the orders over ${o.variants} variants; the second puts every order on one variant, ` +
              "so they all queue for one row lock. Stock left over after both runs equals its ledger: " +
              `${o.ledgerMismatches === 0 ? "yes ✅" : `no, ${o.ledgerMismatches} variants differ ❌`}.`,
            "",
          ]
        : []),
      markdownTable(
        [
          ...(o.oneVariant ? ["Orders"] : []),
          "Accepted orders/s",
          "p50",
          "p99",
          "Acknowledged (201)",
          "Stored",
          "Lost",
          "Duplicated",
          "Other answers",
        ],
        [
          [
            ...(o.oneVariant ? [`spread over ${o.variants ?? "?"} variants`] : []),
            formatCheck(o.checks.rate),
            `${o.figures.latencyP50Ms} ms`,
            `${o.figures.latencyP99Ms} ms`,
            String(o.acknowledged),
            String(o.stored),
            `${o.lost} ${mark(o.lost === 0)}`,
            `${o.duplicated} ${mark(o.duplicated === 0)}`,
            String(o.figures.non2xx + o.figures.errors + o.figures.timeouts),
          ],
          ...(o.oneVariant
            ? [
                [
                  "all on one variant (worst case)",
                  `${Math.round(o.oneVariant.perSecond)}/s`,
                  `${o.oneVariant.figures.latencyP50Ms} ms`,
                  `${o.oneVariant.figures.latencyP99Ms} ms`,
                  String(o.oneVariant.acknowledged),
                  String(o.oneVariant.stored),
                  `${o.oneVariant.lost} ${mark(o.oneVariant.lost === 0)}`,
                  `${o.oneVariant.duplicated} ${mark(o.oneVariant.duplicated === 0)}`,
                  String(
                    o.oneVariant.figures.non2xx +
                      o.oneVariant.figures.errors +
                      o.oneVariant.figures.timeouts,
                  ),
                ],
              ]
            : []),
        ],
      ),
      "",
      "Stored can exceed acknowledged by the requests still in flight when the load generator stopped (their answers were not counted).",
      "",
      ...(o.serverCpuPercent !== undefined
        ? [
            `CPU meanwhile (% of one core): server ${Math.round(o.serverCpuPercent)} %, PostgreSQL ${Math.round(o.postgresCpuPercent ?? Number.NaN)} %.`,
            "",
          ]
        : []),
    );
  }
  if (result.orderLists) out.push(...renderOrderListsSection(result.orderLists));
  if (result.search) {
    const s = result.search;
    out.push(
      `### Search on ${s.products.toLocaleString("en-US")} products`,
      "",
      `${s.samples} searches (${s.queries} queries, repeated) through the product service straight ` +
        "on PostgreSQL, no cache, 10 results each: " +
        `p50 ${s.p50Ms.toFixed(1)} ms, p95 ${s.p95Ms.toFixed(1)} ms ${mark(s.check.ok)} (budget ${formatBudget(s.check)}), max ${s.maxMs.toFixed(1)} ms.`,
      "",
    );
  }
  if (result.flashSale) out.push(...renderFlashSaleSection(result.flashSale));
  if (result.explain && result.explain.length > 0) {
    out.push("### Query plans of the hot reads (EXPLAIN ANALYZE, BUFFERS)", "");
    for (const q of result.explain) {
      out.push(`**${q.name}**`, "", "```sql", q.sql, "```", "", "```", q.plan, "```", "");
    }
  }
  return out;
}

/** Every missed budget of a non-floor route: "route — label: measured X, budget ≤ Y (floor Z)". */
export function missedBudgets(result: BenchResult): string[] {
  const lines: string[] = [];
  const bundleFloor = result.bundle?.find((r) => r.floor);
  for (const route of result.bundle ?? []) {
    if (isReference(route)) continue;
    for (const key of ["js", "css"] as const) {
      const check = route.checks[key];
      if (check.ok) continue;
      const floor = bundleFloor ? bundleFloor.checks[key].measured : Number.NaN;
      lines.push(
        missLine(
          route,
          check,
          floor,
          `the largest files: ${route.assets
            .filter((a) => a.type === (key === "js" ? "script" : "stylesheet"))
            .slice(0, 3)
            .map((a) => `${a.url} ${formatValue(toKB(a.gzip), "kB")}`)
            .join(", ")}`,
        ),
      );
    }
  }
  const lhFloor = result.lighthouse?.find((r) => r.floor);
  for (const route of result.lighthouse ?? []) {
    if (isReference(route)) continue;
    for (const key of LIGHTHOUSE_KEYS) {
      const check = route.checks[key];
      if (check.ok || isNoindexScore(route, key)) continue;
      const js = result.bundle?.find((r) => r.path === route.path)?.checks.js.measured;
      lines.push(
        missLine(
          route,
          check,
          lhFloor ? lhFloor.median[key] : Number.NaN,
          lighthouseLimits(route, key, js),
        ),
      );
    }
  }
  const interactiveFloor = result.interactive?.find((r) => r.floor);
  for (const route of result.interactive ?? []) {
    if (isReference(route) || route.check.ok) continue;
    lines.push(
      missLine(
        route,
        route.check,
        interactiveFloor ? interactiveFloor.median.gapMs : Number.NaN,
        `first paint at ${formatValue(route.median.fcpMs, "ms")}, interactive at ${formatValue(route.median.interactiveMs, "ms")}`,
      ),
    );
  }
  for (const check of serverChecks(result)) {
    if (!check.ok) {
      const limits = serverLimits(result, check);
      lines.push(
        `server — ${check.label}: measured ${formatValue(check.measured, check.unit)}, budget ${formatBudget(check)}${limits ? `. What limits it: ${limits}` : ""}`,
      );
    }
  }
  return lines;
}

/** The same run's figures that explain a missed server budget. */
function serverLimits(result: BenchResult, check: Check): string | undefined {
  const cpu = (v: number | undefined) => (v === undefined ? "n/a" : `${Math.round(v)} %`);
  const memory = (idle: number) =>
    `the server used ${formatValue(idle, "MB")} at rest before the load (Node, V8 and the loaded code: the floor); ` +
    "the rest is V8 heap and native buffers of concurrent page renders (docs/decisions/025)";
  switch (check.label) {
    case SERVER_BUDGETS.rssPostgres.label:
      return result.load ? memory(result.load.memory.idleMB) : undefined;
    case SERVER_BUDGETS.rssPglite.label:
    case SERVER_BUDGETS.rssPgliteIdle.label:
      return result.pglite
        ? `${memory(result.pglite.memory.idleMB)}; PGlite's own share is its shared_buffers and WebAssembly memory, which never shrinks (docs/decisions/049)`
        : undefined;
    case SERVER_BUDGETS.ordersPerSecond.label:
      return result.orders
        ? `server CPU ${cpu(result.orders.serverCpuPercent)} of one core, PostgreSQL ${cpu(result.orders.postgresCpuPercent)}: ` +
            "the server is the bottleneck: 3 PostgreSQL round trips per order (idempotency look-up, prices, " +
            "then the order with its lines, history and stock in one statement: docs/decisions/026, 045), query building " +
            "in drizzle and postgres.js, and V8's garbage collection under the memory-saving flags (docs/decisions/025)"
        : undefined;
    case SERVER_BUDGETS.listingRatio.label:
    case SERVER_BUDGETS.productSsrRatio.label:
      return "server CPU per request (see the load table's CPU columns)";
    case SERVER_BUDGETS.salePageP95.label:
    case SERVER_BUDGETS.saleErrors.label:
      return result.flashSale
        ? `server CPU ${cpu(result.flashSale.serverCpuPercent)} of one core, PostgreSQL ${cpu(result.flashSale.postgresCpuPercent)}; the slowest kind of page: ${
            Object.entries(result.flashSale.figures.pages.byKind).sort(
              (a, b) => b[1].p95Ms - a[1].p95Ms,
            )[0]?.[0] ?? "n/a"
          }`
        : undefined;
    case SERVER_BUDGETS.saleRefused.label:
      return result.flashSale?.figures.orders.firstRefusal
        ? `the first refusal: ${result.flashSale.figures.orders.firstRefusal}`
        : undefined;
    case "Home for guests vs bare JSON (req/s)":
    case "Product page for guests vs bare JSON (req/s)":
    case "Home for guests vs bare JSON (req/s per core of server CPU)":
    case "Product page for guests vs bare JSON (req/s per core of server CPU)":
    case "Home for guests p99":
    case "Product page for guests p99":
      return "server CPU per request and the page's bytes (see the guest pages table's CPU columns; the load generator reads every byte on one core)";
    default:
      return undefined;
  }
}

function missLine(route: RouteInfo, check: Check, floor: number, limits?: string): string {
  const floorText = Number.isFinite(floor) ? ` (floor ${formatValue(floor, check.unit)})` : "";
  return `${route.name} (${route.path}) — ${check.label}: measured ${formatValue(check.measured, check.unit)}, budget ${formatBudget(check)}${floorText}${limits ? `. What limits it: ${limits}` : ""}`;
}

/** The first value of a run field among the runs that have it. */
function fromRuns<T>(route: LighthouseRoute, pick: (run: LighthouseRun) => T | undefined) {
  for (const run of route.runs) {
    const value = run.runtimeError ? undefined : pick(run);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** What this run's own evidence says limits a missed Lighthouse budget. */
export function lighthouseLimits(
  route: LighthouseRoute,
  key: LighthouseKey,
  jsGzipKB?: number,
): string | undefined {
  switch (key) {
    case "performance":
      return "the score is made of LCP, TBT, CLS, FCP and Speed Index; see the LCP and TBT lines";
    case "lcpMs": {
      const element = fromRuns(route, (run) => run.lcpElement);
      const js = jsGzipKB === undefined ? "the" : `its ${formatValue(jsGzipKB, "kB")} of`;
      const painted = `LCP element \`${element ?? "unknown"}\` comes with the server's HTML (FCP ${formatValue(route.median.fcpMs, "ms")}); `;
      const withScripts = route.runs.filter((run) => run.scriptsBeforeLcp).length;
      if (withScripts === 0 && route.runs.some((run) => run.scriptsBeforeLcp === false)) {
        return `${painted}no script was requested before it was painted (decision 028), so the simulated LCP is the document, its fonts and the LCP image over slow 4G`;
      }
      return `${painted}the simulation replays ${js} module scripts over slow 4G whenever they finished loading before the observed paint (decision 013${withScripts ? `; scripts were requested before the paint in ${withScripts} of ${route.runs.length} runs` : ""})`;
    }
    case "tbtMs": {
      const work = fromRuns(route, (run) => run.mainThreadMs);
      const top = fromRuns(route, (run) => run.bootup);
      const parts = work
        ? Object.entries(work)
            .sort((a, b) => b[1] - a[1])
            .slice(0, 3)
            .map(([group, ms]) => `${group} ${Math.round(ms)} ms`)
        : [];
      const scripts = (top ?? [])
        .slice(0, 2)
        .map((s) => `${s.url.replace(/^https?:\/\/[^/]+/, "")} ${Math.round(s.ms)} ms`);
      return (
        "main-thread work at 4x CPU after the first paint, mostly hydration and script evaluation" +
        (parts.length ? ` (Lighthouse's breakdown: ${parts.join(", ")})` : "") +
        (scripts.length ? `; most CPU: ${scripts.join(", ")}` : "")
      );
    }
    case "cls":
      return "layout shifts after the first paint; see the audits Lighthouse flags below";
    default:
      return "see the audits Lighthouse flags below";
  }
}

function routeCell(route: RouteInfo): string {
  return isReference(route) ? `${route.name} _(reference)_` : route.name;
}

/** True when the JS and CSS went over the wire at (nearly) their raw size. */
export function isUncompressed(route: Pick<BundleRoute, "js" | "css">): boolean {
  const raw = route.js.raw + route.css.raw;
  const sent = route.js.transferred + route.css.transferred;
  return raw > 10_000 && sent > 0.9 * raw;
}

export function renderBundleTable(routes: readonly BundleRoute[]): string {
  const header = [
    "Route",
    "Path",
    `JS gzip (${formatBudget(BUDGETS.jsGzipKB)})`,
    `CSS gzip (${formatBudget(BUDGETS.cssGzipKB)})`,
    "JS raw",
    "CSS raw",
    "JS files",
    "JS gzip per manifest",
    "JS+CSS sent",
    "HTML gzip",
    "Status",
  ];
  const rows = routes.map((r) => [
    routeCell(r),
    `\`${r.path}\``,
    formatCheck(r.checks.js),
    formatCheck(r.checks.css),
    formatValue(toKB(r.js.raw), "kB"),
    formatValue(toKB(r.css.raw), "kB"),
    String(r.js.files),
    r.manifest ? formatValue(toKB(r.manifest.js.gzip), "kB") : "n/a",
    formatValue(toKB(r.js.transferred + r.css.transferred), "kB"),
    formatValue(toKB(r.document.gzip), "kB"),
    String(r.status),
  ]);
  return markdownTable(header, rows);
}

/**
 * Signed-in pages (the dashboard) tell search engines not to index them, which Lighthouse's SEO
 * category scores down: that is their purpose, so the score is shown but is not a budget.
 */
function isNoindexScore(route: LighthouseRoute, key: LighthouseKey): boolean {
  return key === "seo" && route.signedIn === true;
}

export function renderLighthouseTable(routes: readonly LighthouseRoute[]): string {
  const header = [
    "Route",
    "Path",
    ...LIGHTHOUSE_KEYS.map((key) => `${BUDGETS[key].label} (${formatBudget(BUDGETS[key])})`),
    "FCP",
    "Runs",
  ];
  const rows = routes.map((r) => {
    const ok = r.runs.filter((run) => !run.runtimeError).length;
    return [
      routeCell(r),
      `\`${r.path}\``,
      ...LIGHTHOUSE_KEYS.map((key) =>
        isNoindexScore(r, key)
          ? `${formatValue(r.checks[key].measured, r.checks[key].unit)} (noindex, not a budget)`
          : formatCheck(r.checks[key]),
      ),
      formatValue(r.median.fcpMs, "ms"),
      ok === r.runs.length ? String(ok) : `${ok}/${r.runs.length} ok`,
    ];
  });
  return markdownTable(header, rows);
}

/** The fresh-memory probe's line (bench/fresh-memory.ts), or nothing when it did not run. */
export function freshMemoryLine(fresh: BenchResult["machine"]["freshMemory"]): string | undefined {
  const at = (label: string, cost: FreshMemoryCost | undefined) =>
    cost
      ? `${label} ${cost.msPerMB.toFixed(2)} ms per MB (${cost.microsecondsPerFault.toFixed(1)} µs per page fault)`
      : undefined;
  const parts = [at("at the start", fresh?.start), at("at the end", fresh?.end)].filter(Boolean);
  if (parts.length === 0) return undefined;
  return `Memory fresh from the system (16 MB touched in 256 kB blocks by a new process): ${parts.join(", ")} — every page the server renders takes fresh memory, and a busy machine makes it dearer (docs/decisions/091); compare figures within one run.`;
}

export function renderMarkdown(result: BenchResult): string {
  const m = result.machine;
  const out: string[] = [];
  out.push("# Haat benchmark results", "");
  out.push(
    `${result.date} · commit ${result.git ? `\`${result.git.commit.slice(0, 12)}\`${result.git.dirty ? " (uncommitted changes)" : ""}` : "unknown"} · ` +
      `${m.cores} cores (${m.cpu}), ${m.memoryGB} GB RAM, ${m.os} · Node ${m.node} · ${m.chromium}` +
      `${m.lighthouse ? ` · Lighthouse ${m.lighthouse}` : ""} · database ${result.database} for the pages${result.pageProducts ? ` (${result.pageProducts.toLocaleString("en-US")} products)` : ""}` +
      `${result.server ? ` · load, orders and search on PostgreSQL with ${result.server.products.toLocaleString("en-US")} products` : ""} · ` +
      `${result.options.runs} Lighthouse run(s) per route, median · took ${Math.round(result.durationSeconds)} s`,
    "",
  );
  if (m.benchmarkIndex !== undefined && Number.isFinite(m.benchmarkIndex)) {
    out.push(
      `Lighthouse CPU benchmark index (median): ${Math.round(m.benchmarkIndex)} — a busy machine scores lower; compare figures within one run.`,
      "",
    );
  }
  const fresh = freshMemoryLine(m.freshMemory);
  if (fresh) out.push(fresh, "");

  out.push("## Initial JS and CSS per route", "");
  if (result.bundle) {
    out.push(
      "Scripts and stylesheets a fresh browser (no cache) loads for the page until the network is idle, " +
        "each body gzip-compressed here (zlib, default level) and summed. " +
        "_JS gzip per manifest_ is the same sum over the files React Router's build manifest lists for the rendered routes (entry, route modules and their imports); " +
        "it differs when hydration loads more lazily or links prefetch. " +
        "_JS+CSS sent_ is what the server actually transferred for them (it equals the raw size when the server does not compress).",
      "",
      renderBundleTable(result.bundle),
      "",
    );
    const external = result.bundle.flatMap((r) => r.external.map((u) => `${r.name}: ${u}`));
    if (external.length > 0) {
      out.push("Requests to other origins:", "", ...external.map((e) => `- ${e}`), "");
    }
    const errors = result.bundle.flatMap((r) => r.consoleErrors.map((e) => `${r.name}: ${e}`));
    if (errors.length > 0) {
      out.push("Console errors while loading:", "", ...errors.map((e) => `- ${e}`), "");
    }
    const uncompressed = result.bundle.find((r) => isUncompressed(r));
    if (uncompressed) {
      out.push(
        `The server sent scripts and stylesheets uncompressed (${uncompressed.name}: ` +
          `${formatValue(toKB(uncompressed.js.transferred + uncompressed.css.transferred), "kB")} sent for ` +
          `${formatValue(toKB(uncompressed.js.gzip + uncompressed.css.gzip), "kB")} gzip): Lighthouse's slow 4G pays for every uncompressed byte.`,
        "",
      );
    }
  } else {
    out.push(`_Not run (\`--only ${result.options.only}\`)._`, "");
  }

  out.push("## Lighthouse (mobile defaults: slow 4G, 4x CPU, simulated)", "");
  if (result.lighthouse) {
    out.push(renderLighthouseTable(result.lighthouse), "");
  } else {
    out.push(`_Not run (\`--only ${result.options.only}\`)._`, "");
  }

  out.push(
    "## First paint → interactive (Chromium throttling: 1.6 Mbps down, 750 kbps up, 150 ms RTT, 4x CPU, phone screen)",
    "",
  );
  if (result.interactive) {
    out.push(
      "A fresh browser per run (no cache); _interactive_ is when React marks the page `data-hydrated`. Median of the runs. _Blocking time, observed_: the page's tasks over 50 ms (Long Tasks API) from the first paint to a second after interactive, counted as Lighthouse counts TBT; Lighthouse's TBT above is simulated from an unthrottled load.",
      "",
      renderInteractiveTable(result.interactive),
      "",
    );
  } else {
    out.push(`_Not run (\`--only ${result.options.only}\`)._`, "");
  }

  out.push(...renderServerSections(result));
  if (result.catalogueReads) {
    const c = result.catalogueReads;
    out.push(
      "## Whole-catalogue reads",
      "",
      `PostgreSQL's counters for the products table (${c.products.toLocaleString("en-US")} rows) over every page load, ` +
        "HTTP load, order, search and EXPLAIN of this run: " +
        `${c.seqScans.toLocaleString("en-US")} sequential scan(s) reading ${formatCheck(c.check)} rows (budget ${formatBudget(c.check)}: no page or API call reads the whole catalogue), ` +
        `${c.indexScans.toLocaleString("en-US")} index scans fetching ${c.indexRowsFetched.toLocaleString("en-US")} rows.`,
      "",
    );
  }
  if (result.pglite) out.push(...renderPgliteSection(result.pglite));
  if (result.soak) out.push(...renderSoakSection(result.soak));
  if (result.firstStart) out.push(...renderFirstStartSection(result.firstStart));

  const misses = missedBudgets(result);
  out.push("## Missed budgets", "");
  if (misses.length === 0) {
    out.push("None: every measured route meets its DESIGN §7 budgets.", "");
  } else {
    out.push(...misses.map((line) => `- ${line}`), "");
  }

  if (result.lighthouse?.some((r) => r.failing.length > 0)) {
    out.push("## What Lighthouse flags (audits scoring below 0.9, runs that flagged them)", "");
    for (const route of result.lighthouse) {
      if (route.failing.length === 0) continue;
      out.push(`**${route.name}** (\`${route.path}\`)`, "");
      for (const a of route.failing) {
        out.push(
          `- ${a.title} (\`${a.id}\`)${a.displayValue ? ` — ${a.displayValue}` : ""} · ${a.runs}/${route.runs.length}`,
        );
      }
      out.push("");
    }
  }

  if (result.notes.length > 0) {
    out.push("## Notes", "", ...result.notes.map((n) => `- ${n}`), "");
  }
  return `${out.join("\n").trimEnd()}\n`;
}
