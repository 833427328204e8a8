/**
 * The flash sale's traffic (bench/flash-sale.ts), run as its own process so that it can be pinned
 * to its own core: `visitors` visitors browsing pages (each loads a page, reads it whole, waits
 * its think time, loads the next) while orders are placed at a fixed rate, open loop (one every
 * 1/rate seconds whether or not the last one has been answered, as customers do not wait for
 * each other). Every request leaves from this one process, so the server sees one client
 * address, as behind a carrier's NAT. Reads one job as JSON from argv and prints the figures as
 * one JSON line on stdout.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { percentile, type SaleFigures, type SaleLatencies } from "./report";

export type FlashSaleJob = {
  base: string;
  durationSeconds: number;
  visitors: number;
  /** Mean pause between a visitor's pages (uniform over 0.5–1.5 × this); 0: none. */
  thinkMs: number;
  /**
   * Pages by kind, each visit picks a kind by weight, then a path of it at random; `headers`
   * go with that kind's requests (a signed-in visitor's cookie).
   */
  pages: {
    kind: string;
    weight: number;
    paths: string[];
    headers?: Record<string, string>;
    /** Each visit's link carries a click tag of its own, as a link from a Facebook post does. */
    clickTagged?: boolean;
  }[];
  ordersPerSecond: number;
  /** Order bodies with `{{phone}}` wherever the customer's mobile number goes (the phone, the email). */
  orderBodies: string[];
  phones: string[];
  /** Idempotency-Key prefix of this run's orders (the database count looks for it). */
  keyPrefix: string;
};

type Latencies = SaleLatencies;
export type FlashSaleFigures = SaleFigures;

const job = JSON.parse(process.argv[2] ?? "{}") as FlashSaleJob;
const base = new URL(job.base);
const pageAgent = new http.Agent({ keepAlive: true, maxSockets: job.visitors });
const orderAgent = new http.Agent({ keepAlive: true, maxSockets: 1000 });

type Answer = { status: number; ms: number; body: string };

function bump(counts: Record<string, number>, key: string) {
  counts[key] = (counts[key] ?? 0) + 1;
}

/** Connection errors by code (ECONNRESET, timeout…), pages and orders together. */
const errorKinds: Record<string, number> = {};
let retries = 0;

/**
 * A request, sent once more when a kept-alive connection was closed under it (the server closes
 * idle connections after 5 s): browsers retry such a GET by themselves, and the checkout sends an
 * order again with the same Idempotency-Key when it got no answer (docs/decisions/041).
 */
async function sendOnce(
  agent: http.Agent,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  try {
    return await send(agent, path, init);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    bump(errorKinds, code);
    if (code !== "ECONNRESET" && code !== "EPIPE") throw error;
    retries += 1;
    return send(agent, path, init);
  }
}

function send(
  agent: http.Agent,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path,
        method: init.method ?? "GET",
        headers: init.headers,
        agent,
        timeout: 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(init.body);
  });
}

function latencies(values: number[]): Latencies {
  return {
    count: values.length,
    p50Ms: percentile(values, 50),
    p95Ms: percentile(values, 95),
    p99Ms: percentile(values, 99),
    maxMs: values.length ? values.reduce((a, b) => Math.max(a, b)) : Number.NaN,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

const started = performance.now();
const deadline = started + job.durationSeconds * 1000;
const totalWeight = job.pages.reduce((sum, p) => sum + p.weight, 0);

const pageTimes: number[] = [];
const pageTimesByKind = new Map<string, number[]>();
const pageFailures: Record<string, number> = {};
let pageErrors = 0;

function pickPage(): { kind: string; path: string; headers?: Record<string, string> } {
  let at = Math.random() * totalWeight;
  let page = job.pages.at(-1);
  for (const candidate of job.pages) {
    at -= candidate.weight;
    if (at <= 0) {
      page = candidate;
      break;
    }
  }
  if (!page) return { kind: "", path: "/" };
  const path = pick(page.paths);
  return {
    kind: page.kind,
    path: page.clickTagged ? `${path}?fbclid=IwAR${randomBytes(12).toString("base64url")}` : path,
    headers: page.headers,
  };
}

async function visitor(index: number): Promise<void> {
  // Visitors arrive over the first think time, not all in the same millisecond.
  await sleep((index / job.visitors) * Math.max(job.thinkMs, 1000));
  while (performance.now() < deadline) {
    const { kind, path, headers } = pickPage();
    try {
      const answer = await sendOnce(pageAgent, path, {
        headers: { "accept-encoding": "gzip, deflate, br", ...headers },
      });
      if (answer.status !== 200 && answer.status !== 304) bump(pageFailures, String(answer.status));
      pageTimes.push(answer.ms);
      const own = pageTimesByKind.get(kind) ?? [];
      own.push(answer.ms);
      pageTimesByKind.set(kind, own);
    } catch {
      pageErrors += 1;
    }
    if (job.thinkMs > 0) await sleep(job.thinkMs * (0.5 + Math.random()));
  }
}

const orderTimes: number[] = [];
const orderFailures: Record<string, number> = {};
let accepted = 0;
let refused = 0;
let orderErrors = 0;
let sent = 0;
let firstRefusal: string | undefined;

async function placeOrder(index: number): Promise<void> {
  const phone = job.phones[index % job.phones.length] as string;
  const body = (job.orderBodies[index % job.orderBodies.length] as string).replaceAll(
    "{{phone}}",
    phone,
  );
  try {
    const answer = await sendOnce(orderAgent, "/api/postOrder", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "idempotency-key": `${job.keyPrefix}${index}`,
      },
      body,
    });
    orderTimes.push(answer.ms);
    if (answer.status === 201) accepted += 1;
    else if (answer.status === 429) {
      refused += 1;
      firstRefusal ??= `order ${index} (phone ${phone}): ${answer.body.slice(0, 200)}`;
    } else bump(orderFailures, `${answer.status} ${answer.body.slice(0, 80)}`);
  } catch {
    orderErrors += 1;
  }
}

/** One order every 1/rate seconds from the start, on schedule whatever the answers take. */
async function orders(): Promise<void> {
  const inFlight: Promise<void>[] = [];
  const interval = 1000 / job.ordersPerSecond;
  for (let index = 0; ; index++) {
    const due = started + index * interval;
    if (due >= deadline) break;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    sent += 1;
    inFlight.push(placeOrder(index));
  }
  await Promise.all(inFlight);
}

await Promise.all([
  ...Array.from({ length: job.visitors }, (_, i) => visitor(i)),
  job.ordersPerSecond > 0 ? orders() : Promise.resolve(),
]);
const seconds = (performance.now() - started) / 1000;
pageAgent.destroy();
orderAgent.destroy();

const figures: FlashSaleFigures = {
  seconds,
  errorKinds,
  retries,
  pages: {
    requests: pageTimes.length + pageErrors,
    perSecond: pageTimes.length / job.durationSeconds,
    failures: pageFailures,
    errors: pageErrors,
    all: latencies(pageTimes),
    byKind: Object.fromEntries([...pageTimesByKind].map(([kind, v]) => [kind, latencies(v)])),
  },
  orders: {
    sent,
    accepted,
    refused,
    failures: orderFailures,
    errors: orderErrors,
    perSecond: accepted / job.durationSeconds,
    latency: latencies(orderTimes),
    ...(firstRefusal ? { firstRefusal } : {}),
  },
};
process.stdout.write(`${JSON.stringify(figures)}\n`);
