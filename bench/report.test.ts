import { describe, expect, it } from "vitest";
import {
  type BenchResult,
  BUDGETS,
  type BundleRoute,
  bundleChecks,
  checkBudget,
  formatBudget,
  formatValue,
  isUncompressed,
  type LighthouseRun,
  markdownTable,
  median,
  missedBudgets,
  renderMarkdown,
  summariseLighthouse,
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
      summariseLighthouse({ name: "home", path: "/" }, [run({ lcpMs: 2600, seo: 92 })]),
    ];
    const r = result({
      bundle: [
        bundleRoute("floor (static page)", "/about-us", 150_000, 12_000, true),
        bundleRoute("product", "/product-details/x", 152_500, 12_000),
      ],
      lighthouse,
    });
    expect(missedBudgets(r)).toEqual([
      "product (/product-details/x) — Initial JS (gzip): measured 152.5 kB, budget ≤ 140.0 kB (floor 150.0 kB)",
      "home (/) — LCP: measured 2.60 s, budget ≤ 2.00 s (floor 2.40 s)",
      "home (/) — SEO: measured 92, budget ≥ 100 (floor 100)",
    ]);
    const md = renderMarkdown(r);
    expect(md).toContain("2 cores (AMD EPYC)");
    expect(md).toContain("database pglite");
    expect(md).toContain("| product | `/product-details/x` | 152.5 kB ❌ | 12.0 kB ✅ |");
    expect(md).toContain(
      "| home | `/` | 99 ✅ | 2.60 s ❌ | 10 ms ✅ | 0.000 ✅ | 100 ✅ | 100 ✅ | 92 ❌ |",
    );
    expect(md).toContain("| floor (static page) _(reference)_ |");
    expect(md).toContain("- home (/) — LCP: measured 2.60 s, budget ≤ 2.00 s (floor 2.40 s)");
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
