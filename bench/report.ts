/**
 * Pure parts of the benchmark: statistics, DESIGN §7 budgets, and the Markdown report.
 * No I/O here, so it is unit-tested (bench/report.test.ts).
 */

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

export type Unit = "kB" | "ms" | "score" | "";

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
};

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
  };
  database: "pglite" | "postgres" | "unknown";
  baseUrl: string;
  options: { runs: number; only: "all" | "lighthouse" | "bundle"; externalServer: boolean };
  durationSeconds: number;
  bundle?: BundleRoute[];
  lighthouse?: LighthouseRoute[];
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

/** Every missed budget of a non-floor route: "route — label: measured X, budget ≤ Y (floor Z)". */
export function missedBudgets(result: BenchResult): string[] {
  const lines: string[] = [];
  const bundleFloor = result.bundle?.find((r) => r.floor);
  for (const route of result.bundle ?? []) {
    if (route.floor) continue;
    for (const key of ["js", "css"] as const) {
      const check = route.checks[key];
      if (check.ok) continue;
      const floor = bundleFloor ? bundleFloor.checks[key].measured : Number.NaN;
      lines.push(missLine(route, check, floor));
    }
  }
  const lhFloor = result.lighthouse?.find((r) => r.floor);
  for (const route of result.lighthouse ?? []) {
    if (route.floor) continue;
    for (const key of LIGHTHOUSE_KEYS) {
      const check = route.checks[key];
      if (check.ok) continue;
      lines.push(missLine(route, check, lhFloor ? lhFloor.median[key] : Number.NaN));
    }
  }
  return lines;
}

function missLine(route: RouteInfo, check: Check, floor: number): string {
  const floorText = Number.isFinite(floor) ? ` (floor ${formatValue(floor, check.unit)})` : "";
  return `${route.name} (${route.path}) — ${check.label}: measured ${formatValue(check.measured, check.unit)}, budget ${formatBudget(check)}${floorText}`;
}

function routeCell(route: RouteInfo): string {
  return route.floor ? `${route.name} _(reference)_` : route.name;
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
      ...LIGHTHOUSE_KEYS.map((key) => formatCheck(r.checks[key])),
      formatValue(r.median.fcpMs, "ms"),
      ok === r.runs.length ? String(ok) : `${ok}/${r.runs.length} ok`,
    ];
  });
  return markdownTable(header, rows);
}

export function renderMarkdown(result: BenchResult): string {
  const m = result.machine;
  const out: string[] = [];
  out.push("# Haat benchmark results", "");
  out.push(
    `${result.date} · commit ${result.git ? `\`${result.git.commit.slice(0, 12)}\`${result.git.dirty ? " (uncommitted changes)" : ""}` : "unknown"} · ` +
      `${m.cores} cores (${m.cpu}), ${m.memoryGB} GB RAM, ${m.os} · Node ${m.node} · ${m.chromium}` +
      `${m.lighthouse ? ` · Lighthouse ${m.lighthouse}` : ""} · database ${result.database} · ` +
      `${result.options.runs} Lighthouse run(s) per route, median · took ${Math.round(result.durationSeconds)} s`,
    "",
  );
  if (m.benchmarkIndex !== undefined && Number.isFinite(m.benchmarkIndex)) {
    out.push(
      `Lighthouse CPU benchmark index (median): ${Math.round(m.benchmarkIndex)} — a busy machine scores lower; compare figures within one run.`,
      "",
    );
  }

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
    out.push("_Not run (`--only lighthouse`)._", "");
  }

  out.push("## Lighthouse (mobile defaults: slow 4G, 4x CPU, simulated)", "");
  if (result.lighthouse) {
    out.push(renderLighthouseTable(result.lighthouse), "");
  } else {
    out.push("_Not run (`--only bundle`)._", "");
  }

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
