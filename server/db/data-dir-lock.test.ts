import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock";

describe("data folder lock", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-lock-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("writes this process's pid and removes the file on release", () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "haat.lock"), "utf8")).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, "haat.lock"))).toBe(false);
  });

  it("refuses a folder held by another running process with a clear message", () => {
    const dir = tempDir();
    // The parent of this test runner is alive for the whole test.
    fs.writeFileSync(path.join(dir, "haat.lock"), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(
      `is in use by another Haat process (pid ${process.ppid})`,
    );
    expect(fs.readFileSync(path.join(dir, "haat.lock"), "utf8")).toBe(String(process.ppid));
  });

  it("takes over a lock left behind by a process that no longer runs", () => {
    const dir = tempDir();
    const finished = spawnSync(process.execPath, [
      "-e",
      "process.stdout.write(String(process.pid))",
    ]);
    fs.writeFileSync(path.join(dir, "haat.lock"), finished.stdout.toString());
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "haat.lock"), "utf8")).toBe(String(process.pid));
    lock.release();
  });
});
