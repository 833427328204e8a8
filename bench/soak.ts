import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { CATEGORIES } from "../core/catalogue";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "../server/db/seed/seed";
import { type ApiProduct, apiOrderBody } from "../tests/support/order-body";
import {
  freePort,
  ROOT,
  type ServerProcess,
  spawnServer,
  waitUntilHealthy,
} from "../tests/support/server-process";
import { type CollectedMemory, collectedMemory } from "./collected-memory";
import { createPgliteBenchDatabase } from "./database";
import type { FlashSaleFigures, FlashSaleJob } from "./flash-sale-worker";
import { readRss } from "./load";
import { type SoakSection, soakChecks, trendPerHour } from "./report";
import { SEARCH_QUERIES } from "./search";
import { serveEnv, serveNodeArgs } from "./serve-command";

export type SoakOptions = {
  products: number;
  minutes: number;
  visitors: number;
  thinkMs: number;
  ordersPerSecond: number;
  /** Seconds between two admin edits of a product (each one empties the page and read caches). */
  editEverySeconds: number;
  /** Phone numbers the orders come from, taken in turn. */
  phones: number;
  log: (line: string) => void;
  notes: string[];
};

/** How often the server's RSS is read during the soak. */
const SAMPLE_EVERY_MS = 5_000;

async function signIn(base: string, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!res.ok || !cookie) throw new Error(`signing in as ${who.email} answered ${res.status}`);
  return cookie;
}

function runTraffic(job: FlashSaleJob): Promise<FlashSaleFigures> {
  const worker = path.join(ROOT, "bench/flash-sale-worker.ts");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", worker, JSON.stringify(job)], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      try {
        if (code !== 0) throw new Error(`exit ${code}`);
        resolve(JSON.parse(out.trim().split("\n").at(-1) ?? "") as FlashSaleFigures);
      } catch (error) {
        reject(new Error(`soak traffic failed (${(error as Error).message}): ${err || out}`));
      }
    });
  });
}

/**
 * Issue 26 item 3: the production server on the embedded database with the large catalogue,
 * under mixed traffic for `minutes` — guests and a signed-in customer browsing, orders, and an
 * admin editing products (each edit empties the page and catalogue caches, so pages are rendered
 * again) — with its RSS read every few seconds. The trend of the RSS after the first third
 * (caches and PGlite's shared buffers filling) says whether memory grows.
 */
export async function runSoak(options: SoakOptions): Promise<SoakSection> {
  const { log } = options;
  log(
    `soak: seeding an embedded database with ${options.products.toLocaleString("en-US")} products...`,
  );
  const database = await createPgliteBenchDatabase(options.products, log);
  let server: ServerProcess | undefined;
  try {
    const port = await freePort();
    const inspectPort = await freePort();
    server = spawnServer({
      // Where SIGUSR1 opens the inspector, for the full collections (not opened until then).
      nodeArgs: [...serveNodeArgs(), `--inspect-port=127.0.0.1:${inspectPort}`],
      dataDir: database.dataDir,
      port,
      env: {
        ...serveEnv(),
        DATABASE_URL: "",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: "warn",
      },
    });
    await waitUntilHealthy(server);
    const pid = server.child.pid as number;
    const base = server.url;
    await new Promise((r) => setTimeout(r, 2000));
    const idleMB = readRss(pid)?.rssMB ?? Number.NaN;
    // Outside the trend's window (which starts after the first third), so it does not move it.
    const collect = async (when: string): Promise<CollectedMemory | undefined> => {
      try {
        return await collectedMemory(pid, inspectPort);
      } catch (error) {
        options.notes.push(`Soak: no full collection ${when} (${(error as Error).message}).`);
        return undefined;
      }
    };
    const atRest = await collect("at rest");

    const customer = { cookie: await signIn(base, DEMO_CUSTOMER) };
    const admin = await signIn(base, DEMO_ADMIN);
    const list = async (query: string) =>
      ((await (await fetch(`${base}/api/products?${query}`)).json()) as { data: ApiProduct[] })
        .data;
    const sale = await list("limit=20");
    const others = await list("limit=200&category=Kitchen%20Items");
    const productPath = (p: ApiProduct) => `/product-details/${encodeURIComponent(p._id)}`;
    const listings = [
      "/shop",
      ...CATEGORIES.map((c) => `/product/category/${encodeURIComponent(c)}`),
    ];
    const job: FlashSaleJob = {
      base,
      durationSeconds: options.minutes * 60,
      visitors: options.visitors,
      thinkMs: options.thinkMs,
      pages: [
        { kind: "home", weight: 15, paths: ["/"] },
        { kind: "listing", weight: 20, paths: listings },
        {
          kind: "search",
          weight: 15,
          paths: SEARCH_QUERIES.map((q) => `/api/products?searchQuery=${encodeURIComponent(q)}`),
        },
        { kind: "product", weight: 25, paths: [...sale, ...others].map(productPath) },
        {
          kind: "signed in",
          weight: 25,
          paths: ["/", ...sale.map(productPath), "/dashboard"],
          headers: customer,
        },
      ],
      ordersPerSecond: options.ordersPerSecond,
      orderBodies: sale.map((product) =>
        JSON.stringify(
          apiOrderBody(product, {
            name: "Soak Customer",
            email: "soak@example.com",
            mobileNumber: "{{phone}}",
          }),
        ),
      ),
      phones: Array.from({ length: options.phones }, (_, i) => `0181${String(i).padStart(7, "0")}`),
      keyPrefix: `soak-${randomBytes(4).toString("hex")}-`,
    };

    log(
      `soak: ${options.minutes} min of ${options.visitors} visitors, ${options.ordersPerSecond} orders/s and an admin edit every ${options.editEverySeconds} s, RSS every ${SAMPLE_EVERY_MS / 1000} s...`,
    );
    const started = Date.now();
    const samples: { minute: number; rssMB: number }[] = [];
    const sampler = setInterval(() => {
      const rss = readRss(pid)?.rssMB;
      if (rss !== undefined) samples.push({ minute: (Date.now() - started) / 60_000, rssMB: rss });
    }, SAMPLE_EVERY_MS);
    let edits = 0;
    let failedEdits = 0;
    const editor = setInterval(() => {
      const product = sale[edits % sale.length];
      if (!product) return;
      // The name, not the price: orders carry the prices they were placed at.
      const name =
        Math.floor(edits / sale.length) % 2 === 0 ? `${product.name} (sale)` : product.name;
      edits += 1;
      void fetch(`${base}/api/updateProduct/${product._id}`, {
        method: "PATCH",
        headers: { "content-type": "application/json", origin: base, cookie: admin },
        body: JSON.stringify({ name }),
      }).then(
        (res) => {
          if (!res.ok) failedEdits += 1;
          return res.arrayBuffer();
        },
        () => {
          failedEdits += 1;
        },
      );
    }, options.editEverySeconds * 1000);
    let figures: FlashSaleFigures;
    try {
      figures = await runTraffic(job);
    } finally {
      clearInterval(sampler);
      clearInterval(editor);
    }
    const peakMB = readRss(pid)?.peakMB ?? Number.NaN;
    const afterSoak = await collect("after the soak");
    const settled = samples.filter((s) => s.minute >= options.minutes / 3);
    const trend = trendPerHour(settled.map((s) => [s.minute, s.rssMB]));
    const last = samples.slice(-Math.max(1, Math.round(60_000 / SAMPLE_EVERY_MS)));
    const endMB = last.reduce((sum, s) => sum + s.rssMB, 0) / Math.max(1, last.length);
    log(
      `  soak: RSS ${Math.round(idleMB)} MB at rest, ${Math.round(endMB)} MB in the last minute, peak ${Math.round(peakMB)} MB, trend ${trend.toFixed(1)} MB/h; ${figures.orders.accepted} orders, ${edits} edits`,
    );
    if (failedEdits > 0) options.notes.push(`Soak: ${failedEdits} of ${edits} admin edits failed.`);
    return {
      products: database.products,
      minutes: options.minutes,
      visitors: options.visitors,
      ordersPerSecond: options.ordersPerSecond,
      editEverySeconds: options.editEverySeconds,
      edits,
      failedEdits,
      figures,
      idleMB,
      endMB,
      peakMB,
      trendMBPerHour: trend,
      ...(atRest && afterSoak ? { collected: { atRest, afterSoak } } : {}),
      samples: samples.map((s) => [Math.round(s.minute * 100) / 100, Math.round(s.rssMB)]),
      checks: soakChecks({ idleMB, peakMB, trendMBPerHour: trend }),
    };
  } finally {
    await server?.stop();
    await database.drop();
  }
}
