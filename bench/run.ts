/**
 * npm run bench — DESIGN §7 budgets:
 *   1. initial JS and CSS (gzip) per route, as a fresh phone browser loads them;
 *   2. Lighthouse with its mobile defaults, N runs per route, median per metric, and first
 *      paint → interactive per route under Chromium's own throttling (median of N);
 *   3. on a fresh PostgreSQL database with a large catalogue: HTTP load (autocannon) against
 *      the server, order placement with a count check, search latency, query plans, memory.
 * Writes bench/results/latest.json and latest.md (partial.* for a run of some sections or routes).
 *
 *   npm run bench -- [--build] [--only lighthouse,interactive,bundle,load,orders,search] [--runs N]
 *                    [--url BASE] [--routes a,b] [--reports] [--products N] [--duration S]
 *                    [--connections N] [--pg URL]
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Browser } from "playwright-core";
import { DEMO_ADMIN } from "../server/db/seed/seed";
import {
  freePort,
  killLeftoverServers,
  ROOT,
  SERVER_ENTRY,
  type ServerProcess,
  spawnServer,
  waitUntilHealthy,
} from "../tests/support/server-process";
import { launchBenchBrowser, measureRoute } from "./bundle";
import {
  type BenchDatabase,
  type CatalogueScanCounters,
  createBenchDatabase,
  readCatalogueScans,
} from "./database";
import { runFirstStart } from "./first-start";
import { runFlashSale } from "./flash-sale";
import { freshMemoryCost } from "./fresh-memory";
import { interactiveRun } from "./interactive";
import { CHROME_PATH, killRunningChromes, lighthouseRun } from "./lighthouse";
import { runPgliteMemory } from "./pglite-memory";
import {
  type BenchResult,
  type BundleRoute,
  checkBudget,
  type InteractiveRoute,
  type InteractiveRun,
  type LighthouseRoute,
  type LighthouseRun,
  median,
  missedBudgets,
  type RouteInfo,
  renderMarkdown,
  SERVER_BUDGETS,
  summariseInteractive,
  summariseLighthouse,
} from "./report";
import { serveEnv, serveNodeArgs } from "./serve-command";
import { runServerBench } from "./server-bench";
import { runSoak } from "./soak";

const RESULTS_DIR = path.join(ROOT, "bench/results");

const SECTIONS = [
  "lighthouse",
  "interactive",
  "bundle",
  "load",
  "orders",
  "order-lists",
  "search",
  "flash-sale",
  "pglite",
  "soak",
  "first-start",
] as const;
type Section = (typeof SECTIONS)[number];

const USAGE = `Usage: npm run bench -- [options]
  --build              run \`npx react-router build\` first (default: use the existing build/)
  --only <a,b,...>     sections: lighthouse, interactive, bundle, load, orders, order-lists,
                       search, flash-sale, pglite, soak, first-start (default: all)
  --list-orders <n>    orders in the table for the order lists at scale (default 100000)
  --products <n>       products in the bench databases, PostgreSQL and PGlite (default 100000)
  --duration <s>       seconds per HTTP load slice (default 5)
  --rounds <n>         slices per HTTP target, in rounds over all targets (default 3)
  --orders-duration <s> seconds of order placement (default 10)
  --connections <n>    concurrent connections of the load generator (default 20)
  --guest-connections <n> connections for guests' pages from the page cache (default 50)
  --sale-duration <s>  seconds of the flash sale (default 120)
  --sale-visitors <n>  visitors browsing during the flash sale (default 500)
  --sale-think <ms>    a visitor's mean pause between pages (default 1000; 0: none)
  --sale-orders <n>    orders per second during the flash sale (default 50)
  --sale-phones <n>    phone numbers the sale's orders come from (default 3000)
  --soak-minutes <n>   minutes of the memory soak on PGlite (default 30)
  --soak-visitors <n>  visitors browsing during the soak (default 50)
  --soak-orders <n>    orders per second during the soak (default 2)
  --soak-edit-every <s> seconds between the soak's admin edits (default 15)
  --soak-phones <n>    phone numbers the soak's orders come from (default 3000)
  --pg <url>           PostgreSQL server for load/orders/search; a fresh database is created
                       and dropped on it (default $BENCH_DATABASE_URL or
                       postgres://postgres@127.0.0.1:5432/postgres)
  --runs <n>           Lighthouse and interactive runs per route, median reported (default 3)
  --url <base>         bench the pages of an already running server instead of starting one
  --routes <a,b,...>   only these routes: floor, about, home, shop, category, product, cart,
                       checkout, admin
  --reports            also save each Lighthouse HTML report under bench/results/lighthouse/
  --help`;

/** A mistake in how the bench was called or pointed: printed without a stack trace. */
class BenchError extends Error {}

type Options = {
  build: boolean;
  only: "all" | string;
  sections: Set<Section>;
  products: number;
  durationSeconds: number;
  rounds: number;
  ordersSeconds: number;
  listOrders: number;
  connections: number;
  guestConnections: number;
  sale: {
    durationSeconds: number;
    visitors: number;
    thinkMs: number;
    ordersPerSecond: number;
    phones: number;
  };
  soak: {
    minutes: number;
    visitors: number;
    ordersPerSecond: number;
    editEverySeconds: number;
    phones: number;
  };
  pg: string;
  runs: number;
  url?: string;
  reports: boolean;
  routes?: string[];
};

const ROUTE_KEYS = [
  "floor",
  "about",
  "home",
  "shop",
  "category",
  "product",
  "cart",
  "checkout",
  "admin",
];

/** The first word of a route's name: "floor (empty page)" → "floor". */
const routeKey = (route: RouteInfo) => route.name.split(" ")[0] ?? route.name;

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      build: { type: "boolean", default: false },
      only: { type: "string" },
      runs: { type: "string", default: "3" },
      url: { type: "string" },
      reports: { type: "boolean", default: false },
      routes: { type: "string" },
      products: { type: "string", default: "100000" },
      duration: { type: "string", default: "5" },
      rounds: { type: "string", default: "3" },
      "orders-duration": { type: "string", default: "10" },
      "list-orders": { type: "string", default: "100000" },
      connections: { type: "string", default: "20" },
      "guest-connections": { type: "string", default: "50" },
      "sale-duration": { type: "string", default: "120" },
      "sale-visitors": { type: "string", default: "500" },
      "sale-think": { type: "string", default: "1000" },
      "sale-orders": { type: "string", default: "50" },
      "sale-phones": { type: "string", default: "3000" },
      "soak-minutes": { type: "string", default: "30" },
      "soak-visitors": { type: "string", default: "50" },
      "soak-orders": { type: "string", default: "2" },
      "soak-edit-every": { type: "string", default: "15" },
      "soak-phones": { type: "string", default: "3000" },
      pg: { type: "string" },
      help: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const only = values.only ?? "all";
  const chosen = only === "all" ? [...SECTIONS] : only.split(",").map((x) => x.trim());
  const unknownSections = chosen.filter((x) => !(SECTIONS as readonly string[]).includes(x));
  if (unknownSections.length > 0) {
    throw new BenchError(`--only takes ${SECTIONS.join(", ")}, not "${only}"\n${USAGE}`);
  }
  const whole = (name: string, raw: string | undefined, min: number, max: number) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new BenchError(`--${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
    }
    return n;
  };
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 15) {
    throw new BenchError(`--runs must be a whole number from 1 to 15, not "${values.runs}"`);
  }
  let url: string | undefined;
  if (values.url) {
    const parsed = new URL(values.url);
    url = parsed.origin;
  }
  let routes: string[] | undefined;
  if (values.routes) {
    routes = values.routes.split(",").map((r) => r.trim().toLowerCase());
    const unknown = routes.filter((r) => !ROUTE_KEYS.includes(r));
    if (unknown.length > 0) {
      throw new BenchError(`unknown route(s) ${unknown.join(", ")}: use ${ROUTE_KEYS.join(", ")}`);
    }
  }
  return {
    build: values.build,
    only,
    sections: new Set(chosen as Section[]),
    products: whole("products", values.products, 100, 2_000_000),
    durationSeconds: whole("duration", values.duration, 1, 120),
    rounds: whole("rounds", values.rounds, 1, 10),
    ordersSeconds: whole("orders-duration", values["orders-duration"], 1, 120),
    listOrders: whole("list-orders", values["list-orders"], 0, 5_000_000),
    connections: whole("connections", values.connections, 1, 500),
    guestConnections: whole("guest-connections", values["guest-connections"], 1, 1000),
    sale: {
      durationSeconds: whole("sale-duration", values["sale-duration"], 1, 3600),
      visitors: whole("sale-visitors", values["sale-visitors"], 0, 5000),
      thinkMs: whole("sale-think", values["sale-think"], 0, 60_000),
      ordersPerSecond: whole("sale-orders", values["sale-orders"], 0, 1000),
      phones: whole("sale-phones", values["sale-phones"], 1, 1_000_000),
    },
    soak: {
      minutes: whole("soak-minutes", values["soak-minutes"], 1, 24 * 60),
      visitors: whole("soak-visitors", values["soak-visitors"], 0, 2000),
      ordersPerSecond: whole("soak-orders", values["soak-orders"], 0, 100),
      editEverySeconds: whole("soak-edit-every", values["soak-edit-every"], 1, 3600),
      phones: whole("soak-phones", values["soak-phones"], 1, 1_000_000),
    },
    pg:
      values.pg ?? process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    runs,
    url,
    reports: values.reports,
    routes,
  };
}

const log = (message: string) =>
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

/**
 * The routes of issues 3 and 8: the storefront's and the admin product list, against the floor:
 * the shop's static page (`/about-us`: root document, header and footer, no data), the least a
 * page of this build costs. No page exists only for the bench (issue 21).
 */
async function resolveRoutes(baseUrl: string, notes: string[]): Promise<RouteInfo[]> {
  const routes: RouteInfo[] = [
    { name: "floor (static page)", path: "/about-us", floor: true },
    { name: "home", path: "/" },
    { name: "shop", path: "/shop" },
    { name: "category", path: `/product/category/${encodeURIComponent("Bag Items")}` },
  ];
  try {
    const res = await fetch(new URL("/api/products?limit=1", baseUrl));
    const body = (await res.json()) as { data?: { _id?: string }[] };
    const id = body.data?.[0]?._id;
    if (!id) throw new Error(`no product in GET /api/products?limit=1 (status ${res.status})`);
    routes.push({ name: "product", path: `/product-details/${encodeURIComponent(id)}` });
  } catch (error) {
    notes.push(`Product page skipped: ${error instanceof Error ? error.message : error}`);
  }
  routes.push({ name: "cart", path: "/cart" }, { name: "checkout", path: "/product-checkout" });
  // The storefront in Bengali too (issue 25): the same pages with `?lang=bn`, which serves
  // Bengali, its messages and the Bengali font; every budget holds in both languages.
  const bengali = routes
    .filter((route) => !route.floor)
    .map((route) => ({ name: `${route.name} (bn)`, path: `${route.path}?lang=bn` }));
  routes.push(...bengali, {
    name: "admin products",
    path: "/dashboard/allProducts",
    signedIn: true,
  });
  return routes;
}

/** The demo admin's session cookie (the seed's sign-in details), for the admin pages. */
async function adminCookie(baseUrl: string): Promise<string> {
  const res = await fetch(new URL("/api/auth/sign-in/email", baseUrl), {
    method: "POST",
    headers: { "content-type": "application/json", origin: new URL(baseUrl).origin },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!res.ok || !cookie) {
    throw new Error(`signing in as ${DEMO_ADMIN.email} answered ${res.status}`);
  }
  return cookie;
}

function gitInfo(): BenchResult["git"] {
  try {
    const commit = execFileSync("git", ["rev-parse", "HEAD"], {
      cwd: ROOT,
      encoding: "utf8",
    }).trim();
    const status = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    return { commit, dirty: status.trim() !== "" };
  } catch {
    return null;
  }
}

function chromiumVersion(): string {
  const res = spawnSync(CHROME_PATH, ["--version"], { encoding: "utf8" });
  return res.stdout?.trim() || `Chromium at ${CHROME_PATH}`;
}

async function databaseKind(baseUrl: string): Promise<BenchResult["database"]> {
  try {
    const res = await fetch(new URL("/healthz", baseUrl));
    const body = (await res.json()) as { database?: string };
    return body.database === "pglite" || body.database === "postgres" ? body.database : "unknown";
  } catch {
    return "unknown";
  }
}

/** The production server, as `npm run serve` runs it, on the bench's PostgreSQL database. */
function spawnPageServer(database: BenchDatabase): Promise<ServerProcess> {
  return freePort().then((port) =>
    spawnServer({
      nodeArgs: serveNodeArgs(),
      dataDir: database.dataDir,
      port,
      env: {
        ...serveEnv(),
        DATABASE_URL: database.url,
        // Canonical and OpenGraph URLs on the origin Lighthouse visits.
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: "warn",
      },
    }),
  );
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const started = Date.now();
  const notes: string[] = [];
  // Before anything loads the machine: the host as this run found it.
  const freshMemoryAtStart = freshMemoryCost();

  if (options.build) {
    log("building (npx react-router build)...");
    const res = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "inherit" });
    if (res.status !== 0) throw new Error("build failed");
  }

  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  let database: BenchDatabase | undefined;
  const stopPageServer = async () => {
    killRunningChromes();
    await browser?.close().catch(() => undefined);
    browser = undefined;
    const s = server;
    server = undefined;
    await s?.stop();
  };
  const cleanup = async () => {
    await stopPageServer();
    // The servers of the later sections (PGlite memory, the soak, the flash sale) too.
    await killLeftoverServers();
    const d = database;
    database = undefined;
    await d?.drop();
  };
  const onSignal = () => {
    log("interrupted: stopping the browsers and the server...");
    void cleanup().finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  try {
    const pages =
      options.sections.has("lighthouse") ||
      options.sections.has("interactive") ||
      options.sections.has("bundle");
    const postgresSections = (
      ["load", "orders", "order-lists", "search", "flash-sale"] as const
    ).filter((x) => options.sections.has(x));
    const serverSections = postgresSections.filter((x) => x !== "flash-sale");
    let baseUrl = options.url ?? "";
    let routes: RouteInfo[] = [];
    let databaseKindOfPages: BenchResult["database"] = "unknown";
    let scansBefore: CatalogueScanCounters | undefined;
    if ((pages && !options.url) || postgresSections.length > 0) {
      if (!fs.existsSync(SERVER_ENTRY)) {
        throw new BenchError(
          `No production build at ${SERVER_ENTRY}: run with --build (or npm run build)`,
        );
      }
      log(
        `creating a PostgreSQL database with ${options.products.toLocaleString("en-US")} products...`,
      );
      database = await createBenchDatabase(options.pg, options.products, log);
      log(`  seeded in ${database.seedSeconds.toFixed(1)} s`);
      scansBefore = await readCatalogueScans(database.url);
    }
    if (!pages) {
      // Only the server sections: no browser, no PGlite server.
    } else if (options.url) {
      baseUrl = options.url;
      log(`benching the running server at ${baseUrl}`);
      const health = await fetch(new URL("/healthz", baseUrl)).catch((error: Error) => error);
      if (health instanceof Error || !health.ok) {
        throw new BenchError(
          `${baseUrl}/healthz does not answer 200 (${health instanceof Error ? (health.cause ?? health.message) : health.status}): is the server running?`,
        );
      }
    } else if (database) {
      log("starting the production server on it for the pages...");
      // Kept before it is healthy, so an interrupted start-up still stops it.
      server = await spawnPageServer(database);
      await waitUntilHealthy(server);
      baseUrl = server.url;
      log(`server ready at ${baseUrl}`);
    }

    if (pages) {
      routes = (await resolveRoutes(baseUrl, notes)).filter(
        (route) => !options.routes || options.routes.includes(routeKey(route)),
      );
      databaseKindOfPages = await databaseKind(baseUrl);
    }
    let cookie: string | undefined;
    if (routes.some((route) => route.signedIn)) {
      try {
        cookie = await adminCookie(baseUrl);
      } catch (error) {
        routes = routes.filter((route) => !route.signedIn);
        notes.push(
          `Admin pages skipped: ${error instanceof Error ? error.message : String(error)}.`,
        );
      }
    }
    const cookieFor = (route: RouteInfo) => (route.signedIn ? cookie : undefined);

    let bundle: BundleRoute[] | undefined;
    if (options.sections.has("bundle")) {
      log("measuring initial JS and CSS per route...");
      browser = await launchBenchBrowser();
      try {
        // A warm-up load so the first measured route is not the one paying for server start-up.
        const warm = await browser.newPage();
        await warm.goto(baseUrl, { waitUntil: "load" }).catch(() => undefined);
        await warm.close();
        bundle = [];
        for (const route of routes) {
          const r = await measureRoute(browser, baseUrl, route, cookieFor(route));
          log(
            `  ${route.name.padEnd(20)} JS ${(r.js.gzip / 1000).toFixed(1)} kB gzip (${r.js.files} files), CSS ${(r.css.gzip / 1000).toFixed(1)} kB gzip, status ${r.status}`,
          );
          if (r.status >= 400) notes.push(`${route.name} (${route.path}) answered ${r.status}.`);
          bundle.push(r);
        }
      } finally {
        await browser?.close();
        browser = undefined;
      }
    }

    let lighthouse: LighthouseRoute[] | undefined;
    let lighthouseVersion: string | undefined;
    if (options.sections.has("lighthouse")) {
      log(`Lighthouse, mobile defaults, ${options.runs} run(s) × ${routes.length} routes...`);
      const runs = new Map<string, LighthouseRun[]>(routes.map((r) => [r.path, []]));
      // Rounds over all routes rather than all runs of one route in a row, so a burst of load
      // from elsewhere on the machine spreads over the routes instead of skewing one of them.
      for (let round = 1; round <= options.runs; round += 1) {
        for (const route of routes) {
          const slug = routeKey(route);
          const { run, version } = await lighthouseRun(new URL(route.path, baseUrl).toString(), {
            htmlReportPath: options.reports
              ? path.join(RESULTS_DIR, "lighthouse", `${slug}-${round}.html`)
              : undefined,
            cookie: cookieFor(route),
          });
          lighthouseVersion ??= version;
          runs.get(route.path)?.push(run);
          log(
            run.runtimeError
              ? `  run ${round} ${route.name.padEnd(20)} FAILED: ${run.runtimeError}`
              : `  run ${round} ${route.name.padEnd(20)} perf ${run.performance}, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}, a11y ${run.accessibility}, BP ${run.bestPractices}, SEO ${run.seo}`,
          );
        }
      }
      lighthouse = routes.map((route) => summariseLighthouse(route, runs.get(route.path) ?? []));
      if (server && lighthouse.some((r) => r.runs.some((run) => run.runtimeError))) {
        // Say whether the page server itself went away (a failed run is otherwise a mystery).
        const exit = server.child.exitCode ?? server.child.signalCode;
        const health = await fetch(new URL("/healthz", baseUrl)).then(
          (res) => String(res.status),
          (error: Error) => error.message,
        );
        notes.push(
          `After failed Lighthouse runs the page server ${exit === null ? "was still running" : `had exited (${exit})`}; /healthz: ${health}. Its last output: ${server.output().slice(-600) || "(none)"}`,
        );
      }
      for (const route of lighthouse) {
        const failed = route.runs.filter((r) => r.runtimeError);
        if (failed.length > 0) {
          notes.push(
            `Lighthouse failed ${failed.length}/${route.runs.length} run(s) on ${route.name}: ${failed[0]?.runtimeError}`,
          );
        }
        const external = new Set(route.runs.flatMap((r) => r.external));
        if (external.size > 0) {
          notes.push(
            `Lighthouse saw requests to other origins on ${route.name}: ${[...external].join(", ")}`,
          );
        }
        const warnings = new Set(route.runs.flatMap((r) => r.warnings));
        for (const w of warnings) notes.push(`Lighthouse warning on ${route.name}: ${w}`);
      }
    }

    let interactive: InteractiveRoute[] | undefined;
    if (options.sections.has("interactive")) {
      log(
        `first paint → interactive, Chromium throttling, ${options.runs} run(s) × ${routes.length} routes...`,
      );
      browser = await launchBenchBrowser();
      try {
        const runs = new Map<string, InteractiveRun[]>(routes.map((r) => [r.path, []]));
        // Rounds over the routes, as for Lighthouse: a burst of load elsewhere is spread out.
        for (let round = 1; round <= options.runs; round += 1) {
          for (const route of routes) {
            const run = await interactiveRun(
              browser,
              new URL(route.path, baseUrl).toString(),
              cookieFor(route),
            );
            runs.get(route.path)?.push(run);
            log(
              run.error
                ? `  run ${round} ${route.name.padEnd(20)} FAILED: ${run.error}`
                : `  run ${round} ${route.name.padEnd(20)} FCP ${Math.round(run.fcpMs)} ms, interactive ${Math.round(run.interactiveMs)} ms, gap ${Math.round(run.gapMs)} ms, blocking ${Math.round(run.blockingMs)} ms`,
            );
          }
        }
        interactive = routes.map((route) =>
          summariseInteractive(route, runs.get(route.path) ?? []),
        );
      } finally {
        await browser?.close();
        browser = undefined;
      }
    }

    // The page server is done: stop it before loading the machine with the server bench.
    await stopPageServer();
    const serverBench =
      database && serverSections.length > 0
        ? await runServerBench({
            sections: new Set(serverSections),
            database,
            durationSeconds: options.durationSeconds,
            rounds: options.rounds,
            ordersSeconds: options.ordersSeconds,
            orderListOrders: options.listOrders,
            connections: options.connections,
            guestConnections: options.guestConnections,
            log,
            notes,
          })
        : {};
    const flashSale =
      database && options.sections.has("flash-sale")
        ? await runFlashSale({ database, ...options.sale, log, notes })
        : undefined;
    let catalogueReads: BenchResult["catalogueReads"];
    if (database && scansBefore) {
      // Every server on the database has stopped, so their counts have been reported.
      const after = await readCatalogueScans(database.url);
      const seqRowsRead = after.seqRowsRead - scansBefore.seqRowsRead;
      catalogueReads = {
        products: database.products,
        seqScans: after.seqScans - scansBefore.seqScans,
        seqRowsRead,
        indexScans: after.indexScans - scansBefore.indexScans,
        indexRowsFetched: after.indexRowsFetched - scansBefore.indexRowsFetched,
        check: checkBudget(seqRowsRead, SERVER_BUDGETS.wholeCatalogueReads),
      };
    }
    await cleanup();
    const pglite = options.sections.has("pglite")
      ? await runPgliteMemory({
          products: options.products,
          durationSeconds: options.durationSeconds,
          connections: options.connections,
          log,
        })
      : undefined;

    const soak = options.sections.has("soak")
      ? await runSoak({
          products: options.products,
          ...options.soak,
          thinkMs: 1000,
          log,
          notes,
        })
      : undefined;

    // Last: it builds the app again in a copy, and starts from nothing, as a new owner does.
    const firstStart = options.sections.has("first-start") ? await runFirstStart(log) : undefined;

    const cpus = os.cpus();
    const benchmarkIndex = lighthouse
      ? median(lighthouse.flatMap((r) => r.runs.map((run) => run.benchmarkIndex)))
      : undefined;
    const result: BenchResult = {
      date: new Date().toISOString(),
      git: gitInfo(),
      machine: {
        os: `${os.type()} ${os.release()} (${os.arch()})`,
        cores: cpus.length,
        cpu: cpus[0]?.model.trim() ?? "unknown",
        memoryGB: Math.round(os.totalmem() / 1024 ** 3),
        node: process.version,
        chromium: chromiumVersion(),
        ...(lighthouseVersion ? { lighthouse: lighthouseVersion } : {}),
        ...(benchmarkIndex !== undefined && Number.isFinite(benchmarkIndex)
          ? { benchmarkIndex }
          : {}),
        freshMemory: { start: freshMemoryAtStart, end: freshMemoryCost() },
      },
      database: databaseKindOfPages,
      ...(pages && !options.url ? { pageProducts: options.products } : {}),
      baseUrl,
      options: { runs: options.runs, only: options.only, externalServer: Boolean(options.url) },
      durationSeconds: (Date.now() - started) / 1000,
      ...(bundle ? { bundle } : {}),
      ...(lighthouse ? { lighthouse } : {}),
      ...(interactive ? { interactive } : {}),
      ...serverBench,
      ...(flashSale ? { flashSale } : {}),
      ...(pglite ? { pglite } : {}),
      ...(soak ? { soak } : {}),
      ...(firstStart ? { firstStart } : {}),
      ...(catalogueReads ? { catalogueReads } : {}),
      notes,
    };

    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    // Only a whole run stands for the build: a run of some sections or routes goes beside it
    // (partial.*, not committed), so it cannot replace the record by accident.
    const name = options.only === "all" && !options.routes ? "latest" : "partial";
    // NaN (a failed measurement) is written as null by JSON.stringify.
    fs.writeFileSync(
      path.join(RESULTS_DIR, `${name}.json`),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    const markdown = renderMarkdown(result);
    fs.writeFileSync(path.join(RESULTS_DIR, `${name}.md`), markdown);
    console.log(`\n${markdown}`);
    const misses = missedBudgets(result);
    log(
      `wrote bench/results/${name}.json and ${name}.md in ${Math.round(result.durationSeconds)} s; ` +
        `${misses.length} budget(s) missed`,
    );
  } finally {
    await cleanup();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

main().catch((error) => {
  if (error instanceof BenchError || (error instanceof TypeError && "code" in error)) {
    console.error(`bench: ${error.message}`);
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  }
  process.exit(1);
});
