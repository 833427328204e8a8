import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, ROOT } from "../tests/support/server-process";
import { readRss } from "./load";
import { checkBudget, type FirstStartSection, SERVER_BUDGETS } from "./report";

/** The process listening on `port` (from /proc/net/tcp and each process's sockets). */
function listenerPid(port: number): number | undefined {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      // Local address ends with :PORT, state 0A is LISTEN.
      if (cols[1]?.endsWith(`:${hex}`) && cols[3] === "0A" && cols[9]) inodes.add(cols[9]);
    }
  }
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      for (const fd of fs.readdirSync(`/proc/${entry}/fd`)) {
        const target = fs.readlinkSync(`/proc/${entry}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) return Number(entry);
      }
    } catch {
      // Not ours to read, or gone.
    }
  }
  return undefined;
}

/**
 * Issue 26 item 4: a shop in 15 seconds. The committed tree (`git archive HEAD`) in a new folder
 * with this checkout's node_modules linked in, as after `npm ci`; then `npm start` (its prestart
 * build, then the server: a new embedded database, migrations, the demo data) until `/` answers
 * 200. Reports the seconds, the CPU seconds of the build and server together, and the server's
 * memory.
 */
export async function runFirstStart(log: (line: string) => void): Promise<FirstStartSection> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-first-start-"));
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT })
      .toString()
      .trim();
    const archive = execFileSync("git", ["archive", "--format=tar", "HEAD"], {
      cwd: ROOT,
      maxBuffer: 1 << 30,
    });
    execFileSync("tar", ["-x", "-C", dir], { input: archive });
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
    const port = await freePort();
    log(
      `first start: npm start in a fresh copy of ${commit} (node_modules linked), port ${port}...`,
    );
    const started = performance.now();
    // As a new owner runs it: no database, data folder or mode of the bench's own environment.
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
    for (const name of ["DATABASE_URL", "DATA_DIR", "NODE_ENV", "REDIS_URL", "PUBLIC_URL"]) {
      delete env[name];
    }
    const child = spawn("/usr/bin/time", ["-f", "CPU %U %S", "npm", "start"], {
      cwd: dir,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    let seconds = Number.NaN;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${output.slice(-2000)}`);
      if (performance.now() - started > 600_000) throw new Error("no page after 10 minutes");
      const status = await fetch(`http://127.0.0.1:${port}/`).then(
        (r) => r.arrayBuffer().then(() => r.status),
        () => 0,
      );
      if (status === 200) {
        seconds = (performance.now() - started) / 1000;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const pid = listenerPid(port);
    const memory = pid ? readRss(pid) : undefined;
    if (pid) process.kill(pid, "SIGTERM");
    await exited;
    const cpu = /CPU ([\d.]+) ([\d.]+)/.exec(output);
    const cpuSeconds = cpu ? Number(cpu[1]) + Number(cpu[2]) : Number.NaN;
    const built = [...output.matchAll(/built in ([\d.]+)s/g)].map((m) => Number(m[1]));
    log(
      `  first page after ${seconds.toFixed(1)} s (${cpuSeconds.toFixed(1)} CPU s), server RSS ${Math.round(memory?.rssMB ?? Number.NaN)} MB, peak ${Math.round(memory?.peakMB ?? Number.NaN)} MB`,
    );
    return {
      commit,
      seconds,
      cpuSeconds,
      buildSeconds: built.reduce((a, b) => a + b, 0),
      rssMB: memory?.rssMB ?? Number.NaN,
      peakMB: memory?.peakMB ?? Number.NaN,
      load: os.loadavg()[0] ?? Number.NaN,
      check: checkBudget(seconds * 1000, SERVER_BUDGETS.firstStart),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
