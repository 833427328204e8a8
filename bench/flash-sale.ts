import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { CATEGORIES, SUB_CATEGORIES } from "../core/catalogue";
import { type ApiProduct, apiOrderBody } from "../tests/support/order-body";
import {
  freePort,
  ROOT,
  type ServerProcess,
  spawnServer,
  waitUntilHealthy,
} from "../tests/support/server-process";
import type { BenchDatabase } from "./database";
import type { FlashSaleFigures, FlashSaleJob } from "./flash-sale-worker";
import { HAS_TASKSET, pinProcess, postgresPids, readRss, sampleRss, withCpu } from "./load";
import { type FlashSaleSection, flashSaleChecks } from "./report";
import { SEARCH_QUERIES } from "./search";
import { serveEnv, serveNodeArgs } from "./serve-command";

export type FlashSaleOptions = {
  database: BenchDatabase;
  durationSeconds: number;
  visitors: number;
  thinkMs: number;
  ordersPerSecond: number;
  phones: number;
  log: (line: string) => void;
  notes: string[];
};

/** How many products a sale puts forward: most product views and every order go to these. */
const SALE_PRODUCTS = 20;
/** Other product pages visitors wander to: the long tail, not warmed up before the sale. */
const OTHER_PRODUCTS = 200;

/** `count` different Bangladeshi mobile numbers (017…), as customers type them. */
export function salePhones(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `0171${String(i).padStart(7, "0")}`);
}

async function products(base: string, query: string): Promise<ApiProduct[]> {
  const res = await fetch(`${base}/api/products?${query}`);
  if (!res.ok) throw new Error(`/api/products?${query} answered ${res.status}`);
  return ((await res.json()) as { data: ApiProduct[] }).data;
}

function runWorker(job: FlashSaleJob, cpus: string | undefined): Promise<FlashSaleFigures> {
  const worker = path.join(ROOT, "bench/flash-sale-worker.ts");
  const node = [process.execPath, "--import", "tsx", worker, JSON.stringify(job)];
  const [command, ...args] = cpus && HAS_TASKSET ? ["taskset", "-c", cpus, ...node] : node;
  return new Promise((resolve, reject) => {
    const child = spawn(command as string, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
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
      const line = out.trim().split("\n").at(-1) ?? "";
      try {
        if (code !== 0) throw new Error(`exit ${code}`);
        resolve(JSON.parse(line) as FlashSaleFigures);
      } catch (error) {
        reject(new Error(`flash-sale traffic failed (${(error as Error).message}): ${err || out}`));
      }
    });
  });
}

/**
 * Issue 26 item 2: a flash sale on PostgreSQL with the large catalogue. The production server
 * with its default rate limits; `visitors` visitors browsing home, listings, search and product
 * pages while `ordersPerSecond` orders are placed from `phones` phone numbers, every request from
 * one address (127.0.0.1, as behind a carrier's NAT). Then the orders are counted in the
 * database: none lost, none stored twice.
 */
export async function runFlashSale(options: FlashSaleOptions): Promise<FlashSaleSection> {
  const { log, database } = options;
  const port = await freePort();
  let server: ServerProcess | undefined;
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  try {
    server = spawnServer({
      nodeArgs: serveNodeArgs(),
      dataDir: database.dataDir,
      port,
      // Default rate limits: RATE_LIMIT and ORDER_LIMIT_PER_ADDRESS are left unset.
      env: {
        ...serveEnv(),
        DATABASE_URL: database.url,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: "warn",
      },
    });
    await waitUntilHealthy(server);
    const pid = server.child.pid as number;
    const pinned = os.cpus().length >= 2 && pinProcess(pid, "0");
    const base = server.url;

    const sale = (await products(base, `limit=${SALE_PRODUCTS}&productType=Best%20Selling`)).slice(
      0,
      SALE_PRODUCTS,
    );
    const others = await products(base, `limit=${OTHER_PRODUCTS}`);
    if (sale.length === 0 || others.length === 0) throw new Error("no products to sell");
    const productPath = (p: ApiProduct) => `/product-details/${encodeURIComponent(p._id)}`;
    const listings = [
      "/shop",
      ...CATEGORIES.map((c) => `/product/category/${encodeURIComponent(c)}`),
      ...CATEGORIES.flatMap((c) => SUB_CATEGORIES[c].slice(0, 2)).map(
        (s) => `/product/sub-category/${encodeURIComponent(s.toLowerCase())}`,
      ),
    ];
    const job: FlashSaleJob = {
      base,
      durationSeconds: options.durationSeconds,
      visitors: options.visitors,
      thinkMs: options.thinkMs,
      pages: [
        { kind: "home", weight: 20, paths: ["/"] },
        { kind: "listing", weight: 25, paths: listings },
        {
          kind: "search",
          weight: 20,
          paths: SEARCH_QUERIES.flatMap((q) => [
            `/shop?search=${encodeURIComponent(q)}`,
            `/api/products?searchQuery=${encodeURIComponent(q)}`,
          ]),
        },
        // Most product views go to the products on sale, half of them from the sale's Facebook
        // post (each link with a click tag of its own); the rest wander.
        { kind: "product (on sale)", weight: 14, paths: sale.map(productPath) },
        {
          kind: "product (from Facebook)",
          weight: 14,
          paths: sale.map(productPath),
          clickTagged: true,
        },
        { kind: "product (other)", weight: 7, paths: others.map(productPath) },
      ],
      ordersPerSecond: options.ordersPerSecond,
      orderBodies: sale.map((product) =>
        JSON.stringify(
          apiOrderBody(product, {
            name: "Sale Customer",
            // Each customer their own inbox: one inbox gets at most five order mails an hour.
            email: "sale-{{phone}}@example.com",
            mobileNumber: "{{phone}}",
          }),
        ),
      ),
      phones: salePhones(options.phones),
      keyPrefix: `flash-${randomBytes(4).toString("hex")}-`,
    };
    // The shop was open before the sale: its sale pages have had visitors (the long tail not).
    const warm = job.pages.filter((p) => p.kind !== "product (other)").flatMap((p) => p.paths);
    for (const path of warm) {
      await fetch(`${base}${path}`, { headers: { "accept-encoding": "gzip" } }).then((r) =>
        r.arrayBuffer(),
      );
    }
    log(
      `flash sale: ${options.visitors} visitors (think ${options.thinkMs} ms) and ${options.ordersPerSecond} orders/s from ${options.phones.toLocaleString("en-US")} phones for ${options.durationSeconds} s, one address, default rate limits...`,
    );
    const idleMB = readRss(pid)?.rssMB ?? Number.NaN;
    const rss = sampleRss(pid);
    const pg = postgresPids();
    const measured = await withCpu(
      () => [pid],
      () =>
        withCpu(
          () => pg,
          () => runWorker(job, pinned ? "1" : undefined),
        ),
    );
    const memory = rss.stop();
    const figures = measured.result.result;
    // The server may still be finishing orders whose answers the traffic stopped waiting for.
    await new Promise((r) => setTimeout(r, 1000));
    const [counts] = await sql<{ stored: number; keys: number }[]>`
      select count(*)::int as stored, count(distinct idempotency_key)::int as keys
      from orders where idempotency_key like ${`${job.keyPrefix}%`}`;
    const stored = counts?.stored ?? 0;
    const duplicated = stored - (counts?.keys ?? 0);
    const lost = Math.max(0, figures.orders.accepted - stored);
    const [phoneCount] = await sql<{ phones: number }[]>`
      select count(distinct mobile_number)::int as phones from orders
      where idempotency_key like ${`${job.keyPrefix}%`}`;
    log(
      `  pages: ${Math.round(figures.pages.perSecond)}/s, p95 ${Math.round(figures.pages.all.p95Ms)} ms; orders: ${figures.orders.accepted} accepted, ${figures.orders.refused} refused, ${stored} stored`,
    );
    if (figures.orders.firstRefusal) {
      options.notes.push(`Flash sale: first refused order: ${figures.orders.firstRefusal}`);
    }
    const section: FlashSaleSection = {
      products: database.products,
      durationSeconds: options.durationSeconds,
      visitors: options.visitors,
      thinkMs: options.thinkMs,
      ordersPerSecond: options.ordersPerSecond,
      phones: options.phones,
      phonesStored: phoneCount?.phones ?? 0,
      pinned,
      figures,
      stored,
      lost,
      duplicated,
      serverCpuPercent: measured.cpuPercent,
      postgresCpuPercent: measured.result.cpuPercent,
      memory: { idleMB, ...memory },
      checks: flashSaleChecks({ figures, lost, duplicated }),
    };
    return section;
  } finally {
    await sql.end({ timeout: 5 });
    await server?.stop();
  }
}
