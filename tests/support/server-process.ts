import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const SERVER_ENTRY = path.join(ROOT, "build/server/index.js");

/**
 * Waits until `file` exists: what another process writes once, atomically, when it is done.
 * `what` names that in the error thrown after `timeoutMs`.
 */
export async function untilFileExists(file: string, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!fs.existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`${what} did not end in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Waits for the production build the servers start from. `npm test` builds while Vitest starts
 * (scripts/test.sh): HAAT_BUILD_DIR receives the build's output and, once it is done, its exit
 * status. Vitest run on its own uses the build there is.
 */
export async function untilBuilt(timeoutMs = 600_000): Promise<void> {
  const dir = process.env.HAAT_BUILD_DIR;
  if (dir) {
    const status = path.join(dir, "status");
    await untilFileExists(status, timeoutMs, "the production build");
    if (fs.readFileSync(status, "utf8").trim() !== "0") {
      const output = fs.readFileSync(path.join(dir, "build.log"), "utf8");
      throw new Error(`the production build failed:\n${output}`);
    }
  }
  if (!fs.existsSync(SERVER_ENTRY)) {
    throw new Error("No production build: run `npm run build` (npm test does it) first");
  }
}

/** Whether `port` can be listened on at 127.0.0.1 now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** Ports of TEST_PORT_RANGE this process handed out in the last minute. */
const handedOut = new Set<number>();

/**
 * A free port on 127.0.0.1: any (the system's choice), or one of `TEST_PORT_RANGE` ("4700-4799")
 * on a machine whose other users keep to other ports.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_PORT_RANGE ?? "");
  if (range) {
    const low = Number(range[1]);
    const count = Number(range[2]) - low + 1;
    const start = Math.floor(Math.random() * count);
    for (let i = 0; i < count; i++) {
      const port = low + ((start + i) % count);
      // Free now, but maybe just handed to a server of this process that is still starting
      // (the e2e setup asks for one port per worker at once).
      if (handedOut.has(port)) continue;
      handedOut.add(port);
      if (await canListen(port)) {
        // By then its server listens on it (or gave it up): the check above suffices again.
        setTimeout(() => handedOut.delete(port), 60_000).unref();
        return port;
      }
      handedOut.delete(port);
    }
    throw new Error(`no free port in TEST_PORT_RANGE ${process.env.TEST_PORT_RANGE}`);
  }
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(),
      );
    });
  });
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "haat-e2e-"));
}

/**
 * A new temporary DATA_DIR holding a copy of a stopped server's folder (database, media, secret),
 * without its lock file: a server started on it finds its demo data and does not seed again.
 */
export function copyDataDir(from: string): string {
  const to = tempDataDir();
  fs.cpSync(from, to, {
    recursive: true,
    filter: (source) => path.basename(source) !== "haat.lock",
  });
  return to;
}

export type ServerProcess = {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/** Servers this test process started that have not exited yet. */
const running = new Set<ServerProcess>();

/**
 * Kills every server a test file left running: a test that failed halfway never reached its
 * stop, and its server would otherwise outlive the run, holding its port and a core.
 */
export async function killLeftoverServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop("SIGKILL")));
}

/** Starts the production build (`build/server/index.js`) as a child process. */
export function spawnServer(options: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
  /** Node flags before the entry point, e.g. `npm start`'s V8 flags (NODE_OPTIONS refuses some). */
  nodeArgs?: readonly string[];
}): ServerProcess {
  let output = "";
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      running.delete(server);
      resolve(code);
    }),
  );
  const server: ServerProcess = {
    url: `http://127.0.0.1:${options.port}`,
    port: options.port,
    dataDir: options.dataDir,
    child,
    output: () => output,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
  running.add(server);
  return server;
}

/** Waits until /healthz answers 200, or fails with the server's output. */
export async function waitUntilHealthy(
  server: ServerProcess,
  // A machine shared with benchmarks can take longer to seed the demo shop's images.
  timeoutMs = Number(process.env.E2E_START_TIMEOUT_MS) || 180_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  server.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`server exited with ${exitCode}:\n${server.output()}`);
    }
    try {
      const res = await fetch(`${server.url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output()}`);
}

/**
 * Starts the production build on a new DATA_DIR, or on `dataDir` (a `seededDataDir()` copy starts
 * without seeding again), and waits until it is healthy.
 */
export async function startServer(
  env: Record<string, string> = {},
  { dataDir = tempDataDir(), healthyWithinMs }: { dataDir?: string; healthyWithinMs?: number } = {},
) {
  const server = spawnServer({ dataDir, port: await freePort(), env });
  try {
    await waitUntilHealthy(server, healthyWithinMs);
  } catch (err) {
    await server.stop("SIGKILL");
    throw err;
  }
  return server;
}
