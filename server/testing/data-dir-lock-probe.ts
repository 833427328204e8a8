/**
 * A process that opens a data folder's lock as a server would (server/db/data-dir-lock.test.ts):
 * prints "locked <pid>" and holds the lock until its stdin ends, or prints "refused <message>" and
 * exits 1. With `--on-go` it first prints "ready" and waits for a line on stdin, so that a test
 * can start several at the same instant.
 * Run as `node --import tsx server/testing/data-dir-lock-probe.ts <DATA_DIR> [--on-go]`.
 */
import { once } from "node:events";
import { DataDirLockedError, lockDataDir } from "../db/data-dir-lock";

const dir = process.argv[2];
if (!dir) throw new Error("usage: data-dir-lock-probe <DATA_DIR> [--on-go]");
if (process.argv[3] === "--on-go") {
  process.stdout.write("ready\n");
  await once(process.stdin, "data");
}
try {
  lockDataDir(dir);
} catch (err) {
  if (!(err instanceof DataDirLockedError)) throw err;
  // Written to a pipe, stdout is asynchronous: exiting at once may drop the line.
  await new Promise((written) => process.stdout.write(`refused ${err.message}\n`, written));
  process.exit(1);
}
process.stdout.write(`locked ${process.pid}\n`);
process.stdin.resume();
process.stdin.on("end", () => process.exit(0));
