import { describe, expect, it } from "vitest";
import { observedBlockingMs } from "./interactive";
import {
  type BenchResult,
  BUDGETS,
  type BundleRoute,
  bundleChecks,
  checkBudget,
  combineSlices,
  flashSaleChecks,
  formatBudget,
  formatValue,
  GUEST_ROWS,
  guestPageChecks,
  isUncompressed,
  type LighthouseRun,
  LOAD_ROWS,
  type LoadRow,
  loadChecks,
  markdownTable,
  median,
  missedBudgets,
  ORDER_LIST_ROWS,
  orderListChecks,
  ordersChecks,
  percentile,
  renderLoadTable,
  renderMarkdown,
  SERVER_BUDGETS,
  soakChecks,
  summariseInteractive,
  summariseLighthouse,
  trendPerHour,
  withRatios,
} from "./report";

const run = (over: Partial<LighthouseRun> = {}): LighthouseRun => ({
  performance: 99,
  lcpMs: 1500,
  tbtMs: 10,
  cls: 0,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcpMs: 1200,
  benchmarkIndex: 2000,
  failing: [],
  external: [],
  warnings: [],
  ...over,
});

const bytes = (gzip: number, raw = gzip * 3, transferred = raw) => ({
  files: 3,
  raw,
  gzip,
  transferred,
});

const bundleRoute = (
  name: string,
  path: string,
  jsGzip: number,
  cssGzip: number,
  floor = false,
): BundleRoute => {
  const js = bytes(jsGzip);
  const css = bytes(cssGzip);
  return {
    name,
    path,
    ...(floor ? { floor } : {}),
    status: 200,
    js,
    css,
    document: bytes(2000),
    otherRawBytes: 0,
    requests: 8,
    external: [],
    consoleErrors: [],
    manifest: { routeIds: ["root"], js, css },
    assets: [],
    checks: bundleChecks(js, css),
  };
};

const result = (over: Partial<BenchResult> = {}): BenchResult => ({
  date: "2026-11-23T00:00:00.000Z",
  git: { commit: "0123456789abcdef0123456789abcdef01234567", dirty: false },
  machine: {
    os: "Linux 6 (x64)",
    cores: 2,
    cpu: "AMD EPYC",
    memoryGB: 24,
    node: "v24.21.0",
    chromium: "Chromium 156",
    lighthouse: "13.5.0",
  },
  database: "pglite",
  baseUrl: "http://127.0.0.1:3000",
  options: { runs: 3, only: "all", externalServer: false },
  durationSeconds: 200,
  notes: [],
  ...over,
});

describe("median", () => {
  it("takes the middle of an odd count, whatever the order", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([98])).toBe(98);
  });

  it("averages the middle two of an even count", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("ignores failed (NaN) measurements and is NaN when nothing is left", () => {
    expect(median([Number.NaN, 5, 7, Number.NaN, 6])).toBe(6);
    expect(median([])).toBeNaN();
    expect(median([Number.NaN])).toBeNaN();
  });

  it("does not reorder the caller's array", () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("checkBudget", () => {
  it("passes a maximum at exactly the limit and fails just over it", () => {
    expect(checkBudget(140, BUDGETS.jsGzipKB).ok).toBe(true);
    expect(checkBudget(140.1, BUDGETS.jsGzipKB).ok).toBe(false);
    expect(checkBudget(0.02, BUDGETS.cls).ok).toBe(true);
    expect(checkBudget(0.021, BUDGETS.cls).ok).toBe(false);
  });

  it("passes a minimum at exactly the limit and fails just under it", () => {
    expect(checkBudget(98, BUDGETS.performance).ok).toBe(true);
    expect(checkBudget(97, BUDGETS.performance).ok).toBe(false);
    expect(checkBudget(100, BUDGETS.seo).ok).toBe(true);
    expect(checkBudget(99, BUDGETS.seo).ok).toBe(false);
  });

  it("fails a missing measurement rather than passing it", () => {
    expect(checkBudget(Number.NaN, BUDGETS.tbtMs).ok).toBe(false);
  });

  it("checks bytes in kB of 1000 bytes", () => {
    const checks = bundleChecks(bytes(140_000), bytes(20_001));
    expect(checks.js).toMatchObject({ measured: 140, ok: true });
    expect(checks.css).toMatchObject({ measured: 20.001, ok: false });
  });
});

describe("formatting", () => {
  it("prints each unit the way the report shows it", () => {
    expect(formatValue(112.3624, "kB")).toBe("112.4 kB");
    expect(formatValue(59.4, "ms")).toBe("59 ms");
    expect(formatValue(3479, "ms")).toBe("3.48 s");
    expect(formatValue(97.6, "score")).toBe("98");
    expect(formatValue(0.0123, "")).toBe("0.012");
    expect(formatValue(Number.NaN, "ms")).toBe("n/a");
  });

  it("prints budgets with their direction", () => {
    expect(formatBudget(BUDGETS.performance)).toBe("≥ 98");
    expect(formatBudget(BUDGETS.lcpMs)).toBe("≤ 2.00 s");
    expect(formatBudget(BUDGETS.jsGzipKB)).toBe("≤ 140.0 kB");
  });

  it("renders a Markdown table and escapes pipes in cells", () => {
    expect(markdownTable(["A", "B"], [["1", "x|y"]])).toBe(
      "| A | B |\n| --- | --- |\n| 1 | x\\|y |",
    );
  });
});

describe("summariseLighthouse", () => {
  const route = { name: "shop", path: "/shop" };

  it("takes the median of each metric separately and checks it against its budget", () => {
    const s = summariseLighthouse(route, [
      run({ performance: 97, lcpMs: 2100, tbtMs: 0 }),
      run({ performance: 99, lcpMs: 1900, tbtMs: 80 }),
      run({ performance: 98, lcpMs: 2500, tbtMs: 20 }),
    ]);
    expect(s.median).toMatchObject({ performance: 98, lcpMs: 2100, tbtMs: 20 });
    expect(s.checks.performance.ok).toBe(true);
    expect(s.checks.lcpMs.ok).toBe(false);
    expect(s.checks.tbtMs.ok).toBe(true);
  });

  it("leaves failed runs out of the medians and counts flagged audits per run", () => {
    const flagged = { id: "color-contrast", title: "Contrast" };
    const s = summariseLighthouse(route, [
      run({ performance: 90, failing: [flagged] }),
      run({ ...run(), performance: Number.NaN, runtimeError: "NO_FCP: no paint" }),
      run({ performance: 100, failing: [flagged, { id: "document-title", title: "Title" }] }),
    ]);
    expect(s.median.performance).toBe(95);
    expect(s.failing).toEqual([
      { ...flagged, runs: 2 },
      { id: "document-title", title: "Title", runs: 1 },
    ]);
  });
});

describe("report", () => {
  it("lists each missed budget with the measured figure, the budget and the floor", () => {
    const lighthouse = [
      summariseLighthouse({ name: "floor (static page)", path: "/about-us", floor: true }, [
        run({ lcpMs: 2400 }),
      ]),
      summariseLighthouse({ name: "home", path: "/" }, [
        run({ lcpMs: 2600, seo: 92, lcpElement: "main > p" }),
      ]),
      summariseLighthouse({ name: "shop", path: "/shop" }, [
        run({ lcpMs: 2100, lcpElement: "img", scriptsBeforeLcp: false }),
        run({ lcpMs: 2200, lcpElement: "img", scriptsBeforeLcp: false }),
      ]),
      summariseLighthouse({ name: "cart", path: "/cart" }, [
        run({ lcpMs: 2700, lcpElement: "p", scriptsBeforeLcp: true }),
        run({ lcpMs: 2800, lcpElement: "p", scriptsBeforeLcp: false }),
      ]),
      // A signed-in page's SEO (the dashboard is noindex) is not a miss.
      summariseLighthouse(
        { name: "admin products", path: "/dashboard/allProducts", signedIn: true },
        [run({ seo: 58 })],
      ),
      // A reference page is shown but never listed as a miss.
      summariseLighthouse({ name: "about (static page)", path: "/about-us", reference: true }, [
        run({ lcpMs: 3000 }),
      ]),
    ];
    const product = bundleRoute("product", "/product-details/x", 152_500, 12_000);
    product.assets = [{ url: "/assets/entry.js", type: "script", raw: 300_000, gzip: 100_000 }];
    const r = result({
      bundle: [bundleRoute("floor (static page)", "/about-us", 150_000, 12_000, true), product],
      lighthouse,
    });
    expect(missedBudgets(r)).toEqual([
      "product (/product-details/x) — Initial JS (gzip): measured 152.5 kB, budget ≤ 140.0 kB (floor 150.0 kB). What limits it: the largest files: /assets/entry.js 100.0 kB",
      "home (/) — LCP: measured 2.60 s, budget ≤ 2.00 s (floor 2.40 s). What limits it: LCP element `main > p` comes with the server's HTML (FCP 1.20 s); the simulation replays the module scripts over slow 4G whenever they finished loading before the observed paint (decision 013)",
      "home (/) — SEO: measured 92, budget ≥ 100 (floor 100). What limits it: see the audits Lighthouse flags below",
      "shop (/shop) — LCP: measured 2.15 s, budget ≤ 2.00 s (floor 2.40 s). What limits it: LCP element `img` comes with the server's HTML (FCP 1.20 s); no script was requested before it was painted (decision 028), so the simulated LCP is the document, its fonts and the LCP image over slow 4G",
      "cart (/cart) — LCP: measured 2.75 s, budget ≤ 2.00 s (floor 2.40 s). What limits it: LCP element `p` comes with the server's HTML (FCP 1.20 s); the simulation replays the module scripts over slow 4G whenever they finished loading before the observed paint (decision 013; scripts were requested before the paint in 1 of 2 runs)",
    ]);
    const md = renderMarkdown(r);
    expect(md).toContain("2 cores (AMD EPYC)");
    expect(md).toContain("database pglite");
    expect(md).toContain("| product | `/product-details/x` | 152.5 kB ❌ | 12.0 kB ✅ |");
    expect(md).toContain(
      "| home | `/` | 99 ✅ | 2.60 s ❌ | 10 ms ✅ | 0.000 ✅ | 100 ✅ | 100 ✅ | 92 ❌ |",
    );
    expect(md).toContain(
      "| admin products | `/dashboard/allProducts` | 99 ✅ | 1.50 s ✅ | 10 ms ✅ | 0.000 ✅ | 100 ✅ | 100 ✅ | 58 (noindex, not a budget) |",
    );
    expect(md).toContain("| floor (static page) _(reference)_ |");
    expect(md).toContain("- home (/) — LCP: measured 2.60 s, budget ≤ 2.00 s (floor 2.40 s).");
  });

  it("says so when every budget is met, and names sections that were not run", () => {
    const r = result({
      options: { runs: 1, only: "bundle", externalServer: false },
      bundle: [bundleRoute("home", "/", 120_000, 10_000)],
    });
    expect(missedBudgets(r)).toEqual([]);
    const md = renderMarkdown(r);
    expect(md).toContain("None: every measured route meets its DESIGN §7 budgets.");
    expect(md).toContain("_Not run (`--only bundle`)._");
  });

  it("prints what fresh memory cost at the start and the end of the run, and nothing without the probe", () => {
    const md = renderMarkdown(
      result({
        machine: {
          ...result().machine,
          freshMemory: {
            start: { msPerMB: 2.94, microsecondsPerFault: 11.26 },
            end: { msPerMB: 0.21, microsecondsPerFault: 0.8 },
          },
        },
      }),
    );
    expect(md).toContain(
      "Memory fresh from the system (16 MB touched in 256 kB blocks by a new process): at the start 2.94 ms per MB (11.3 µs per page fault), at the end 0.21 ms per MB (0.8 µs per page fault)",
    );
    expect(renderMarkdown(result())).not.toContain("Memory fresh from the system");
  });

  it("points out a server that sends scripts uncompressed", () => {
    const compressed = bundleRoute("home", "/", 120_000, 10_000);
    compressed.js.transferred = compressed.js.gzip;
    compressed.css.transferred = compressed.css.gzip;
    expect(isUncompressed(compressed)).toBe(false);
    const plain = bundleRoute("home", "/", 120_000, 10_000);
    expect(isUncompressed(plain)).toBe(true);
    expect(renderMarkdown(result({ bundle: [plain] }))).toContain(
      "The server sent scripts and stylesheets uncompressed",
    );
  });
});

describe("server sections", () => {
  const figures = (rps: number) => ({
    requestsPerSecond: rps,
    latencyP50Ms: 4,
    latencyP99Ms: 20,
    requests: rps * 10,
    ok2xx: rps * 10,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
  });

  it("combines a target's slices: mean req/s, median p50, worst p99, sums", () => {
    const a = { ...figures(1000), latencyP50Ms: 4, latencyP99Ms: 30, non2xx: 1 };
    const b = { ...figures(3000), latencyP50Ms: 6, latencyP99Ms: 20 };
    expect(combineSlices([a, b])).toEqual({
      requestsPerSecond: 2000,
      latencyP50Ms: 5,
      latencyP99Ms: 30,
      requests: 40_000,
      ok2xx: 40_000,
      non2xx: 1,
      errors: 0,
      timeouts: 0,
    });
  });

  it("takes nearest-rank percentiles", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile([3], 95)).toBe(3);
    expect(percentile([], 95)).toBeNaN();
  });

  it("compares each load row with its floor from the same run and checks the budgets", () => {
    const rows = withRatios([
      { name: LOAD_ROWS.bare, path: "/livez", ...figures(4000) },
      { name: LOAD_ROWS.listing, path: "/api/products", floor: LOAD_ROWS.bare, ...figures(1000) },
      { name: LOAD_ROWS.static, path: "/about-us", ...figures(800) },
      {
        name: LOAD_ROWS.productPage,
        path: "/product-details/x",
        floor: LOAD_ROWS.static,
        ...figures(600),
      },
    ]);
    expect(rows.map((r) => r.ratio)).toEqual([undefined, 0.25, undefined, 0.75]);
    const checks = loadChecks(rows, 180);
    expect(checks.listingRatio).toMatchObject({ measured: 0.25, ok: false });
    expect(checks.productSsrRatio).toMatchObject({ measured: 0.75, ok: true });
    expect(checks.rss.ok).toBe(true);
    const load = {
      connections: 20,
      durationSeconds: 10,
      rows,
      memory: { idleMB: 90, sampledPeakMB: 170, hwmMB: 180 },
      signInBurst: 8,
      checks,
    };
    const table = renderLoadTable(load);
    expect(renderMarkdown({ ...result(), load })).toContain(
      "Server memory: 90 MB RSS before the load, 170 MB highest sampled during it (8 customers signing in at once included), 180 MB VmHWM (peak) at the end.",
    );
    expect(table).toContain(
      "| 20-product listing | `/api/products` | 1,000/s | 4 ms | 20 ms | 25 % of bare JSON | 0 | 0 | n/a | n/a |",
    );
    expect(table).toContain(
      "| bare JSON | `/livez` | 4,000/s | 4 ms | 20 ms | floor | 0 | 0 | n/a | n/a |",
    );
  });

  it("checks guests' pages from the page cache against the bare JSON route and their p99", () => {
    const rows = withRatios([
      { name: GUEST_ROWS.bare, path: "/livez", ...figures(4000) },
      { name: GUEST_ROWS.home, path: "/", floor: GUEST_ROWS.bare, ...figures(2400) },
      {
        name: GUEST_ROWS.productPage,
        path: "/product-details/x",
        floor: GUEST_ROWS.bare,
        ...figures(1600),
        latencyP99Ms: 70,
      },
    ]);
    const checks = guestPageChecks(rows);
    expect(checks.map((c) => [c.label, c.measured, c.ok])).toEqual([
      ["Home for guests vs bare JSON (req/s)", 0.6, true],
      ["Home for guests p99", 20, true],
      ["Product page for guests vs bare JSON (req/s)", 0.4, false],
      ["Product page for guests p99", 70, false],
    ]);
    const md = renderMarkdown({
      ...result(),
      guestPages: { connections: 50, rounds: 3, durationSeconds: 5, rows, checks },
    });
    expect(md).toContain("### Guests' pages from the page cache (50 connections");
    expect(md).toContain("| home for guests | `/` | 2,400/s | 4 ms | 20 ms | 60 % of bare JSON |");
    expect(md).toContain(
      "server — Product page for guests vs bare JSON (req/s): measured 40 %, budget ≥ 50 %",
    );
    expect(md).toContain("server — Product page for guests p99: measured 70 ms, budget ≤ 50 ms");
  });

  it("checks guests' pages per core of server CPU when the load generator ran out first", () => {
    const rows = withRatios([
      { name: GUEST_ROWS.bare, path: "/livez", ...figures(16000), serverCpuPercent: 95 },
      {
        name: GUEST_ROWS.home,
        path: "/",
        floor: GUEST_ROWS.bare,
        ...figures(2400),
        serverCpuPercent: 30,
      },
      {
        name: GUEST_ROWS.productPage,
        path: "/product-details/x",
        floor: GUEST_ROWS.bare,
        ...figures(2400),
        serverCpuPercent: 60,
      },
    ]);
    const checks = guestPageChecks(rows);
    expect(checks.map((c) => [c.label, Math.round(c.measured * 100), c.ok])).toEqual([
      ["Home for guests vs bare JSON (req/s)", 15, false],
      ["Home for guests vs bare JSON (req/s per core of server CPU)", 47, false],
      ["Home for guests p99", 2000, true],
      ["Product page for guests vs bare JSON (req/s)", 15, false],
      ["Product page for guests vs bare JSON (req/s per core of server CPU)", 24, false],
      ["Product page for guests p99", 2000, true],
    ]);
  });

  it("checks the flash sale: errors, lost or duplicated orders, page p95, refused orders", () => {
    const latency = (p95Ms: number) => ({
      count: 100,
      p50Ms: 20,
      p95Ms,
      p99Ms: p95Ms * 2,
      maxMs: 900,
    });
    const figures = {
      seconds: 120,
      errorKinds: { ECONNRESET: 2 },
      retries: 2,
      pages: {
        requests: 60_000,
        perSecond: 500,
        failures: {},
        errors: 0,
        all: latency(120),
        byKind: { home: latency(80), "product (other)": latency(250) },
      },
      orders: {
        sent: 6000,
        accepted: 5990,
        refused: 10,
        failures: { "500 boom": 1 },
        errors: 0,
        perSecond: 49.9,
        latency: latency(90),
        firstRefusal: "order 17 (phone 01710000017): Too many requests",
      },
    };
    const checks = flashSaleChecks({ figures, lost: 0, duplicated: 0 });
    expect(checks.map((c) => [c.label, c.measured, c.ok])).toEqual([
      ["Flash sale: errors (pages and orders)", 1, false],
      ["Flash sale: orders lost or duplicated", 0, true],
      ["Flash sale: page p95", 120, true],
      ["Flash sale: legitimate orders refused", 10, false],
    ]);
    const md = renderMarkdown({
      ...result(),
      flashSale: {
        products: 100_000,
        durationSeconds: 120,
        visitors: 500,
        thinkMs: 1000,
        ordersPerSecond: 50,
        phones: 3000,
        phonesStored: 3000,
        pinned: true,
        figures,
        stored: 5990,
        lost: 0,
        duplicated: 0,
        memory: { idleMB: 130, sampledPeakMB: 180, hwmMB: 185 },
        checks,
      },
    });
    expect(md).toContain("## Flash sale (PostgreSQL, 100,000 products)");
    expect(md).toContain("| product (other) | 100 | 20 ms | 250 ms | 500 ms | 900 ms |");
    expect(md).toContain(
      "| 6000 | 5990 | 10 | 1 × 500 boom | 0 | 50/s | 90 ms | 5990 | 0 | 0 | 3,000 |",
    );
    expect(md).toContain(
      "server — Flash sale: legitimate orders refused: measured 10, budget ≤ 0. What limits it: the first refusal: order 17",
    );
  });

  it("fails the orders check on a lost or duplicated order and reports misses with figures", () => {
    expect(ordersChecks({ lost: 0, duplicated: 0 }, 350)).toMatchObject({
      rate: { ok: true },
      integrity: { ok: true },
    });
    const bad = ordersChecks({ lost: 1, duplicated: 0 }, 250);
    expect(bad.rate.ok).toBe(false);
    expect(bad.integrity.ok).toBe(false);

    const md = renderMarkdown({
      ...result(),
      server: { database: "postgres", products: 100_000, seedSeconds: 30, pinned: true },
      orders: {
        connections: 20,
        durationSeconds: 10,
        figures: figures(250),
        acknowledged: 2500,
        stored: 2499,
        duplicated: 0,
        lost: 1,
        checks: bad,
      },
      search: {
        products: 100_000,
        queries: 40,
        samples: 600,
        p50Ms: 2.1,
        p95Ms: 9.5,
        maxMs: 20,
        check: checkBudget(9.5, SERVER_BUDGETS.searchP95),
      },
      explain: [{ name: "product by id", sql: "select 1", plan: "Index Scan" }],
    });
    expect(md).toContain("load, orders and search on PostgreSQL with 100,000 products");
    expect(md).toContain("Server pinned to CPU 0");
    expect(md).toContain("| 250/s ❌ | 4 ms | 20 ms | 2500 | 2499 | 1 ❌ | 0 ✅ | 0 |");
    expect(md).toContain("p50 2.1 ms, p95 9.5 ms ✅ (budget ≤ 15 ms)");
    expect(md).toContain("server — Accepted orders: measured 250/s, budget ≥ 300/s");
    expect(md).toContain("3 PostgreSQL round trips per order");
    expect(md).toContain("server — Orders lost or duplicated: measured 1, budget ≤ 0");
    expect(md).toContain("**product by id**");
  });
  it("reports PGlite's memory and whole-catalogue reads against their budgets, with what limits a miss", () => {
    const md = renderMarkdown({
      ...result(),
      pglite: {
        products: 100_000,
        seedSeconds: 20,
        connections: 20,
        durationSeconds: 5,
        rows: [{ name: "home SSR", path: "/", ...figures(60) }],
        memory: { idleMB: 300, sampledPeakMB: 470, hwmMB: 480 },
        check: checkBudget(480, SERVER_BUDGETS.rssPglite),
        idleCheck: checkBudget(300, SERVER_BUDGETS.rssPgliteIdle),
      },
      catalogueReads: {
        products: 100_000,
        seqScans: 1,
        seqRowsRead: 100_000,
        indexScans: 5000,
        indexRowsFetched: 90_000,
        check: checkBudget(100_000, SERVER_BUDGETS.wholeCatalogueReads),
      },
    });
    expect(md).toContain("## Server memory on PGlite");
    expect(md).toContain("| home SSR | `/` | 60/s |");
    expect(md).toContain("peak (VmHWM) 480 MB ❌ (budget ≤ 400 MB)");
    expect(md).toContain("RSS: 300 MB ✅ at rest before the load (budget ≤ 400 MB)");
    expect(md).toContain(
      "server — Server RSS peak under load (PGlite, database included): measured 480 MB, budget ≤ 400 MB. What limits it: the server used 300 MB at rest before the load",
    );
    expect(md).toContain("1 sequential scan(s) reading 100000 ❌ rows");
    expect(md).toContain(
      "server — Products read by whole-table scans (pages, load, orders): measured 100000, budget ≤ 0",
    );
  });
});

describe("memory soak", () => {
  it("takes the trend of RSS in MB per hour, by least squares", () => {
    expect(
      trendPerHour([
        [0, 100],
        [1, 101],
        [2, 102],
      ]),
    ).toBeCloseTo(60);
    expect(
      trendPerHour([
        [0, 100],
        [10, 100],
        [20, 100],
      ]),
    ).toBe(0);
    expect(trendPerHour([[5, 100]])).toBeNaN();
  });

  it("checks RSS at rest, the peak and the trend, and prints RSS per minute and after full collections", () => {
    const checks = soakChecks({ idleMB: 210, peakMB: 420, trendMBPerHour: 4 });
    expect(checks.map((c) => [c.label, c.ok])).toEqual([
      ["Server RSS at rest (PGlite, database included)", true],
      ["Soak: server RSS peak (PGlite)", false],
      ["Soak: RSS trend", true],
    ]);
    const latency = { count: 10, p50Ms: 5, p95Ms: 20, p99Ms: 30, maxMs: 40 };
    const md = renderMarkdown({
      ...result(),
      soak: {
        products: 100_000,
        minutes: 2,
        visitors: 50,
        ordersPerSecond: 2,
        editEverySeconds: 15,
        edits: 8,
        failedEdits: 0,
        figures: {
          seconds: 120,
          errorKinds: {},
          retries: 0,
          pages: { requests: 10, perSecond: 1, failures: {}, errors: 0, all: latency, byKind: {} },
          orders: {
            sent: 240,
            accepted: 240,
            refused: 0,
            failures: {},
            errors: 0,
            perSecond: 2,
            latency,
          },
        },
        idleMB: 210,
        endMB: 260,
        peakMB: 420,
        trendMBPerHour: 4,
        collected: {
          atRest: { rssMB: 205.4, heapUsedMB: 38.2, heapTotalMB: 44, arrayBuffersMB: 9.6 },
          afterSoak: { rssMB: 221.2, heapUsedMB: 53.9, heapTotalMB: 61, arrayBuffersMB: 11.1 },
        },
        samples: [
          [0.1, 240],
          [0.5, 250],
          [1.2, 262],
        ],
        checks,
      },
    });
    expect(md).toContain("## Memory soak on PGlite (2 min, 100,000 products)");
    expect(md).toContain("| 0 | 245 MB |");
    expect(md).toContain("| Soak: RSS trend | 4.0 MB/h ✅ | ≤ 10.0 MB/h |");
    expect(md).toContain(
      "at rest → after the soak: RSS 205 MB → 221 MB, live JavaScript heap 38 MB → 54 MB, V8's committed heap 44 MB → 61 MB, array buffers 10 MB → 11 MB.",
    );
    expect(md).toContain(
      "server — Soak: server RSS peak (PGlite): measured 420 MB, budget ≤ 400 MB",
    );
  });
});

describe("a fresh copy to the first page", () => {
  it("checks the seconds to the first page against 15 s and says what they were spent on", () => {
    const md = renderMarkdown({
      ...result(),
      firstStart: {
        commit: "abc1234",
        seconds: 16.2,
        cpuSeconds: 10.4,
        buildSeconds: 6.1,
        rssMB: 278,
        peakMB: 591,
        load: 1.2,
        check: checkBudget(16_200, SERVER_BUDGETS.firstStart),
      },
    });
    expect(md).toContain("until `/` answers 200: 16.20 s ❌ (budget ≤ 15.00 s), 10.4 CPU seconds");
    expect(md).toContain("server — Fresh copy: npm start to the first page: measured 16.20 s");
  });
});

describe("first paint → interactive", () => {
  const ran = (fcpMs: number, interactiveMs: number, blockingMs = 0) => ({
    fcpMs,
    interactiveMs,
    gapMs: interactiveMs - fcpMs,
    blockingMs,
  });

  it("takes the median gap of the good runs, checks it against 1 s and lists a miss", () => {
    const product = summariseInteractive({ name: "product", path: "/product-details/x" }, [
      ran(600, 2400, 120),
      ran(700, 2000, 0),
      {
        fcpMs: Number.NaN,
        interactiveMs: Number.NaN,
        gapMs: Number.NaN,
        blockingMs: Number.NaN,
        error: "timeout",
      },
      ran(650, 2150, 35),
    ]);
    expect(product.median).toEqual({
      fcpMs: 650,
      interactiveMs: 2150,
      gapMs: 1500,
      blockingMs: 35,
    });
    expect(product.check.ok).toBe(false);
    const home = summariseInteractive({ name: "home", path: "/" }, [ran(500, 1400)]);
    expect(home.check.ok).toBe(true);
    const r = result({ interactive: [home, product] });
    expect(missedBudgets(r)).toEqual([
      "product (/product-details/x) — First paint → interactive: measured 1.50 s, budget ≤ 1.00 s. What limits it: first paint at 650 ms, interactive at 2.15 s",
    ]);
    const md = renderMarkdown(r);
    expect(md).toContain("| home | `/` | 500 ms | 1.40 s | 900 ms ✅ | 0 ms | 1 |");
    expect(md).toContain(
      "| product | `/product-details/x` | 650 ms | 2.15 s | 1.50 s ❌ | 35 ms | 3/4 ok |",
    );
  });
});

describe("observed blocking time", () => {
  it("counts each long task's time over 50 ms from the first paint to a second after interactive", () => {
    const fcp = 1000;
    const interactive = 2000;
    expect(
      observedBlockingMs(
        [
          [100, 400], // ends before the first paint: not counted
          [900, 200], // 100 ms of it after the first paint: 50 counted
          [1500, 120], // 70
          [2500, 80], // within the second after interactive: 30
          [3100, 300], // after that second: not counted
        ],
        fcp,
        interactive,
      ),
    ).toBe(150);
    expect(observedBlockingMs([], fcp, interactive)).toBe(0);
  });
});

describe("order lists at scale", () => {
  const row = (name: string, rps: number, floor?: string): LoadRow => ({
    name,
    path: "/",
    requestsPerSecond: rps,
    latencyP50Ms: 1,
    latencyP99Ms: 2,
    requests: rps,
    ok2xx: rps,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    ...(floor ? { floor } : {}),
  });

  it("passes a list that keeps 80 % of its speed at scale and fails one that slows down", () => {
    const rows = withRatios([
      row(ORDER_LIST_ROWS.json, 1000),
      row(ORDER_LIST_ROWS.page, 200),
      row(ORDER_LIST_ROWS.jsonAtScale, 900, ORDER_LIST_ROWS.json),
      row(ORDER_LIST_ROWS.pageAtScale, 100, ORDER_LIST_ROWS.page),
    ]);
    const [json, page] = orderListChecks(rows);
    expect(json).toMatchObject({ ok: true, measured: 0.9 });
    expect(page).toMatchObject({ ok: false, measured: 0.5 });
  });
});
