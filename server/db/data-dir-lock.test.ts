import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PROBE = ["--import", "tsx", path.join(ROOT, "server/testing/data-dir-lock-probe.ts")];

type Probe = {
  child: ChildProcess;
  /** Its first line ("ready" with `onGo`, else "locked …" or "refused …"). */
  said: Promise<string>;
  /** Its line after "go" (with `onGo`). */
  answered: Promise<string>;
  exited: Promise<number | null>;
};

/** Starts a probe process (optionally under `wrap`, e.g. unshare) on `dir`. */
function probe(dir: string, wrap: string[] = [], onGo = false, env = process.env): Probe {
  const [command, ...args] = [
    ...wrap,
    process.execPath,
    ...PROBE,
    dir,
    ...(onGo ? ["--on-go"] : []),
  ] as [string, ...string[]];
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  let err = "";
  const lines: ((line: string) => void)[] = [];
  const waiting: Promise<string>[] = [0, 1].map(
    () =>
      new Promise<string>((resolve, reject) => {
        lines.push(resolve);
        // "close", not "exit": a child's last line can still be unread when it has exited.
        child.once("close", (code) => reject(new Error(`probe exited ${code}: ${out} ${err}`)));
      }),
  );
  for (const w of waiting) w.catch(() => {});
  child.stdout?.on("data", (d) => {
    out += d;
    while (out.includes("\n")) {
      const at = out.indexOf("\n");
      lines.shift()?.(out.slice(0, at).trim());
      out = out.slice(at + 1);
    }
  });
  child.stderr?.on("data", (d) => {
    err += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return {
    child,
    said: waiting[0] as Promise<string>,
    answered: waiting[1] as Promise<string>,
    exited,
  };
}

describe("data folder lock", () => {
  const dirs: string[] = [];
  const probes: Probe[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-lock-"));
    dirs.push(dir);
    return dir;
  };
  const start = (dir: string, wrap?: string[], onGo?: boolean, env?: NodeJS.ProcessEnv) => {
    const p = probe(dir, wrap, onGo, env);
    probes.push(p);
    return p;
  };
  afterEach(async () => {
    for (const p of probes.splice(0)) {
      p.child.stdin?.end();
      if (p.child.exitCode === null) p.child.kill("SIGKILL");
      await p.exited;
    }
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("holds the folder for this process until released, naming its pid in the file", () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "haat.lock"), "utf8")).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    lockDataDir(dir).release();
  });

  it("refuses a folder another process holds, with a clear message", async () => {
    const dir = tempDir();
    const holder = start(dir);
    expect(await holder.said).toBe(`locked ${holder.child.pid}`);
    expect(() => lockDataDir(dir)).toThrow(
      `The data folder ${dir} is in use by another Haat process (pid ${holder.child.pid})`,
    );
    expect(() => lockDataDir(dir)).toThrow("stop that server first");
  });

  it.runIf(process.platform === "linux" && process.getuid?.() === 0)(
    "refuses a process in another PID namespace, where the holder's pid means nothing",
    async () => {
      const dir = tempDir();
      const lock = lockDataDir(dir);
      try {
        // In the new namespace this test's pid is no process at all (or another one).
        const other = start(dir, ["unshare", "--pid", "--fork", "--mount-proc"]);
        expect(await other.said).toMatch(/^refused The data folder .* is in use/);
        expect(await other.exited).toBe(1);
      } finally {
        lock.release();
      }
      // And the other way round: a holder in another namespace keeps this process out.
      const holder = start(dir, ["unshare", "--pid", "--fork", "--mount-proc"]);
      expect(await holder.said).toMatch(/^locked \d+$/);
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    },
    30_000,
  );

  it.runIf(fs.existsSync("/usr/bin/perl"))(
    "takes the same lock with perl where there is no flock command (macOS)",
    async () => {
      const dir = tempDir();
      const bin = tempDir();
      fs.symlinkSync("/usr/bin/perl", path.join(bin, "perl"));
      const perlOnly = { ...process.env, PATH: bin };
      const lock = lockDataDir(dir);
      const refused = start(dir, [], false, perlOnly);
      expect(await refused.said).toMatch(/^refused The data folder .* is in use/);
      lock.release();
      const holder = start(dir, [], false, perlOnly);
      expect(await holder.said).toBe(`locked ${holder.child.pid}`);
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    },
  );

  it("is free again the moment its holder is killed", async () => {
    const dir = tempDir();
    const holder = start(dir);
    expect(await holder.said).toMatch(/^locked/);
    holder.child.kill("SIGKILL");
    await holder.exited;
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "haat.lock"), "utf8")).toBe(String(process.pid));
    lock.release();
  });

  it("lets exactly one of 8 processes started at once on a stale lock run", async () => {
    const finished = spawnSync(process.execPath, [
      "-e",
      "process.stdout.write(String(process.pid))",
    ]);
    // Several rounds: the old pid-file takeover let two owners through in some runs only.
    for (let round = 0; round < 5; round++) {
      const dir = tempDir();
      fs.writeFileSync(path.join(dir, "haat.lock"), finished.stdout.toString());
      const racers = Array.from({ length: 8 }, () => start(dir, [], true));
      expect(await Promise.all(racers.map((r) => r.said))).toEqual(Array(8).fill("ready"));
      // All at one instant, as servers restarted together by an orchestrator.
      for (const r of racers) r.child.stdin?.write("go\n");
      const said = await Promise.all(racers.map((r) => r.answered));
      expect(
        said.filter((s) => s.startsWith("locked")),
        `round ${round}`,
      ).toHaveLength(1);
      expect(said.filter((s) => s.startsWith("refused"))).toHaveLength(7);
      for (const r of racers) r.child.stdin?.end();
      await Promise.all(racers.map((r) => r.exited));
    }
  }, 60_000);
});
