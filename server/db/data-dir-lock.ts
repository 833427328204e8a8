import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

/** The lock file's descriptor as the helper process sees it (its fd 3). */
const CHILD_FD = "3";

/**
 * Helpers that take flock(2) on their fd 3, which is our open lock file: a lock taken through a
 * descriptor belongs to the open file, which this process keeps open, so it stays held after
 * the helper exits and ends only when this process closes the file or ends (docs/decisions/031).
 * Each exits 0 with the lock taken, 1 without output when another open file holds it.
 */
const LOCKERS: readonly { command: string; args: readonly string[] }[] = [
  // util-linux (Debian, Ubuntu, Fedora…) and BusyBox (Alpine).
  { command: "flock", args: ["-x", "-n", CHILD_FD] },
  // Where there is no flock command (macOS): Perl's flock is the same system call.
  {
    command: "perl",
    args: [
      "-MFcntl=:flock",
      "-e",
      `open(my $f, "+<&=", ${CHILD_FD}) or die "$!\\n"; exit 0 if flock($f, LOCK_EX | LOCK_NB); exit 1 if $!{EWOULDBLOCK}; die "$!\\n";`,
    ],
  },
];

/** Takes an exclusive flock on `fd` without waiting: true if taken, false if another holds it. */
function tryExclusiveLock(fd: number, lockPath: string): boolean {
  for (const { command, args } of LOCKERS) {
    const run = spawnSync(command, args, {
      stdio: ["ignore", "ignore", "pipe", fd],
      encoding: "utf8",
      timeout: 10_000,
    });
    if ((run.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT") continue;
    if (run.status === 0) return true;
    if (run.status === 1 && !run.stderr?.trim()) return false;
    throw new DataDirLockedError(
      `Could not lock ${lockPath} with ${command}: ${run.error?.message ?? (run.stderr?.trim() || `exit ${run.status}`)}`,
    );
  }
  throw new DataDirLockedError(
    `Could not lock ${lockPath}: neither the flock command (util-linux) nor perl is installed.\n` +
      "Install one of them, or set DATABASE_URL to use PostgreSQL instead of the embedded database.",
  );
}

/**
 * PGlite has no lock of its own and two processes on one folder corrupt it, so a process holds an
 * exclusive operating-system lock (flock) on `haat.lock` in the folder for as long as it has the
 * database open; a second opener stops with a clear message. The kernel drops the lock when its
 * holder ends, however it ends, so a lock is never stale and there is nothing to take over; it
 * holds across PID namespaces (containers sharing the folder), where a pid means nothing. The
 * file keeps the holder's pid only to name it in the message.
 */
export function lockDataDir(dataDir: string): { release: () => void } {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "haat.lock");
  // Never truncated or removed before the lock is ours: the holder's pid stays readable, and a
  // removed file would let the next opener lock a new file beside the one still held.
  const fd = fs.openSync(lockPath, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o644);
  try {
    if (!tryExclusiveLock(fd, lockPath)) {
      const owner = fs.readFileSync(fd, "utf8").trim();
      throw new DataDirLockedError(
        `The data folder ${dataDir} is in use by another Haat process` +
          `${/^\d+$/.test(owner) ? ` (pid ${owner})` : ""}.\n` +
          "Only one process may open the embedded database: stop that server first, " +
          "or use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL database.",
      );
    }
    fs.ftruncateSync(fd, 0);
    fs.writeSync(fd, String(process.pid), 0);
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      // Closing our only descriptor of the file ends the lock; the file stays for the next one.
      fs.closeSync(fd);
    },
  };
}
