import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "../tests/support/server-process";

export type LoadJob = {
  url: string;
  connections: number;
  durationSeconds: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  idReplacement?: boolean;
  /** Several paths on the URL's origin, requested in turn. */
  paths?: string[];
  /** Several bodies for the URL, one picked at random per request (with `method` and `headers`). */
  bodies?: string[];
};

export type LoadFigures = {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

export const HAS_TASKSET = spawnSync("taskset", ["--version"]).status === 0;

/** Pins a process and all its threads to the given CPUs; false when taskset is missing or fails. */
export function pinProcess(pid: number, cpus: string): boolean {
  if (!HAS_TASKSET) return false;
  return spawnSync("taskset", ["-a", "-p", "-c", cpus, String(pid)]).status === 0;
}

const WORKER = path.join(ROOT, "bench/load-worker.ts");

/** Which program generates the load: autocannon (Node, in bench/load-worker.ts) or wrk (C). */
export type LoadGenerator = "autocannon" | "wrk";

const hasWrk = () => spawnSync("wrk", ["--version"]).error === undefined;

/**
 * wrk from Debian's packages, installed when missing where apt-get may run (as `npm test` does for
 * Chromium): the guests' pages are 40–50 kB each, and autocannon reading them on its one core
 * runs out before the server does (decision 066). Undefined when it cannot be had.
 */
export function ensureWrk(log: (line: string) => void): LoadGenerator | undefined {
  if (hasWrk()) return "wrk";
  if (process.getuid?.() !== 0 || spawnSync("apt-get", ["--version"]).error) return undefined;
  log("installing wrk from Debian's packages for the guest pages' load...");
  spawnSync("apt-get", ["update", "-qq"], { stdio: "ignore" });
  spawnSync("apt-get", ["install", "-y", "-qq", "wrk"], { stdio: "ignore" });
  return hasWrk() ? "wrk" : undefined;
}

/** A wrk duration or latency ("512.00us", "1.20ms", "2.01s", "1.00m") in milliseconds. */
function wrkMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match) return Number.NaN;
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as "us" | "ms" | "s" | "m"];
  return Number(match[1]) * scale;
}

/** The figures of `wrk --latency`'s report. */
export function parseWrkReport(report: string): LoadFigures {
  const number = (pattern: RegExp) => Number(pattern.exec(report)?.[1] ?? Number.NaN);
  const percentile = (p: string) =>
    wrkMs(new RegExp(`^\\s*${p}%\\s+(\\S+)`, "m").exec(report)?.[1] ?? "");
  const requests = number(/^\s*(\d+) requests in /m);
  const non2xx = number(/Non-2xx or 3xx responses: (\d+)/) || 0;
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    report,
  );
  const [connect, read, write, timeouts] = (socket?.slice(1) ?? ["0", "0", "0", "0"]).map(Number);
  if (!Number.isFinite(requests)) throw new Error(`not a wrk report: ${report.slice(0, 200)}`);
  return {
    requestsPerSecond: number(/^Requests\/sec:\s+([\d.]+)/m),
    latencyP50Ms: percentile("50"),
    latencyP99Ms: percentile("99"),
    requests,
    ok2xx: requests - non2xx,
    non2xx,
    errors: (connect ?? 0) + (read ?? 0) + (write ?? 0),
    timeouts: timeouts ?? 0,
  };
}

/** One wrk job (one path; wrk's own thread on `cpus` when taskset is there). */
function runWrk(job: LoadJob, cpus?: string): Promise<LoadFigures> {
  if (job.paths || job.bodies || job.body || (job.method && job.method !== "GET")) {
    return Promise.reject(new Error("the wrk runner takes GET requests of one path"));
  }
  const wrk = [
    "wrk",
    "--threads",
    "1",
    "--connections",
    String(job.connections),
    "--duration",
    `${job.durationSeconds}s`,
    "--latency",
    ...Object.entries(job.headers ?? {}).flatMap(([name, value]) => [
      "--header",
      `${name}: ${value}`,
    ]),
    job.url,
  ];
  return runGenerator(cpus && HAS_TASKSET ? ["taskset", "-c", cpus, ...wrk] : wrk, parseWrkReport);
}

/** Runs one load job in a child process (autocannon unless told), on `cpus` when taskset is there. */
export function runLoad(
  job: LoadJob,
  cpus?: string,
  generator: LoadGenerator = "autocannon",
): Promise<LoadFigures> {
  if (generator === "wrk") return runWrk(job, cpus);
  const node = [process.execPath, "--import", "tsx", WORKER, JSON.stringify(job)];
  return runGenerator(
    cpus && HAS_TASKSET ? ["taskset", "-c", cpus, ...node] : node,
    (out) => JSON.parse(out.trim().split("\n").at(-1) ?? "") as LoadFigures,
  );
}

function runGenerator(
  [command, ...args]: string[],
  figures: (stdout: string) => LoadFigures,
): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(command as string, args, {
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
        resolve(figures(out));
      } catch (error) {
        reject(new Error(`load generator failed (${(error as Error).message}): ${err || out}`));
      }
    });
  });
}

/** Resident memory of a process from /proc: current (VmRSS) and peak (VmHWM), in MB. */
export function readRss(pid: number): { rssMB: number; peakMB: number } | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kB = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
    return { rssMB: kB("VmRSS") / 1024, peakMB: kB("VmHWM") / 1024 };
  } catch {
    return undefined;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; returns the highest seen and VmHWM. */
export function sampleRss(pid: number, everyMs = 250) {
  let maxMB = 0;
  const tick = () => {
    const rss = readRss(pid);
    if (rss) maxMB = Math.max(maxMB, rss.rssMB);
  };
  tick();
  const timer = setInterval(tick, everyMs);
  return {
    stop(): { sampledPeakMB: number; hwmMB: number } {
      clearInterval(timer);
      tick();
      return { sampledPeakMB: maxMB, hwmMB: readRss(pid)?.peakMB ?? Number.NaN };
    },
  };
}

/** CPU time (user + system) a process has used so far, in seconds; NaN when unreadable. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may contain spaces) start after the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;

/** Every PostgreSQL server process on this machine (the postmaster and its backends). */
export function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres")
        pids.push(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return pids;
}

/** Measures the CPU the given processes use while `run` runs, in % of one core. */
export async function withCpu<T>(
  pids: () => number[],
  run: () => Promise<T>,
): Promise<{ result: T; cpuPercent: number }> {
  const before = new Map(pids().map((pid) => [pid, cpuSeconds(pid) || 0]));
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  const after = pids();
  const used = after.reduce(
    (sum, pid) => sum + ((cpuSeconds(pid) || 0) - (before.get(pid) ?? 0)),
    0,
  );
  return { result, cpuPercent: (used / seconds) * 100 };
}
