import { randomBytes } from "node:crypto";
import fs from "node:fs";
import {
  freePort,
  SERVER_ENTRY,
  type ServerProcess,
  spawnServer,
  tempDataDir,
  waitUntilHealthy,
} from "../support/server-process";

/** PostgreSQL and Redis of the test machine; under CI both are required, else the suite skips. */
export function sharedServices(): { databaseUrl?: string; redisUrl?: string } {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (process.env.CI && (!databaseUrl || !redisUrl)) {
    throw new Error("CI must run the scale-out test: set TEST_DATABASE_URL and TEST_REDIS_URL");
  }
  return { databaseUrl, redisUrl };
}

export type ServerPair = { one: ServerProcess; two: ServerProcess; stop: () => Promise<void> };

/**
 * Two production servers on one PostgreSQL database with one auth secret, and (with `redis`)
 * one Redis under a key prefix of their own, so other runs sharing that Redis stay apart.
 */
export async function startServerPair(options: {
  databaseUrl: string;
  redisUrl?: string;
  env?: Record<string, string>;
}): Promise<ServerPair> {
  if (!fs.existsSync(SERVER_ENTRY)) {
    throw new Error("No production build: run `npx react-router build` (npm test does it) first");
  }
  const env = {
    DATABASE_URL: options.databaseUrl,
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
    // Empty is "not set" for the config, so a REDIS_URL of the test's own environment is not used.
    REDIS_URL: options.redisUrl ?? "",
    REDIS_PREFIX: `haat-test-${randomBytes(6).toString("hex")}:`,
    SEED_DEMO_DATA: "never",
    // Hundreds of requests come from 127.0.0.1; the limiters have their own tests.
    AUTH_RATE_LIMIT: "off",
    RATE_LIMIT: "off",
    ...options.env,
  };
  const [portOne, portTwo] = [await freePort(), await freePort()];
  const one = spawnServer({ dataDir: tempDataDir(), port: portOne, env });
  const two = spawnServer({ dataDir: tempDataDir(), port: portTwo, env });
  const stop = async () => {
    await Promise.all([one.stop(), two.stop()]);
    for (const s of [one, two]) fs.rmSync(s.dataDir, { recursive: true, force: true });
  };
  try {
    await Promise.all([waitUntilHealthy(one, 60_000), waitUntilHealthy(two, 60_000)]);
  } catch (err) {
    await stop();
    throw err;
  }
  return { one, two, stop };
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A JSON request to a server; `Origin` is the server's own, as from its pages. */
export async function call(
  server: ServerProcess,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      Origin: server.url,
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: "manual",
  });
}

/**
 * Reads until `done` holds or `timeoutMs` has passed, and returns the last reading: the caller
 * asserts on it, so a change that never arrives fails with the stale value.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() >= deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Runs `task(i)` for i in [0, count) with at most `width` running at once. */
export async function inParallel<T>(
  count: number,
  width: number,
  task: (i: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, worker));
  return results;
}
