import { execFileSync } from "node:child_process";
import { median } from "./report";

/**
 * What memory fresh from the system costs on this machine: a new process touches 16 MB in
 * 256 kB blocks (the size of a rendered page and its copies) and counts its page faults. A busy
 * virtual machine can make a fault many times dearer while a pure CPU loop keeps its speed, and
 * every page the server renders takes fresh memory of this size (docs/decisions/091), so the
 * report prints this beside Lighthouse's CPU index.
 */
export type FreshMemoryCost = { msPerMB: number; microsecondsPerFault: number };

/** CommonJS for `node -e`: the block count and size are fixed so runs compare. */
const PROBE = `
const fs = require("node:fs");
const faults = () => Number(fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ")[7]);
const kept = [];
const before = faults();
const start = performance.now();
for (let i = 0; i < 64; i++) kept.push(Buffer.allocUnsafe(256 * 1024).fill(i));
const ms = performance.now() - start;
process.stdout.write(JSON.stringify({ ms, faults: faults() - before, blocks: kept.length }));
`;

/** The median of three probes; undefined where /proc is not there (not Linux) or a probe fails. */
export function freshMemoryCost(): FreshMemoryCost | undefined {
  if (process.platform !== "linux") return undefined;
  try {
    const probes = Array.from({ length: 3 }, () => {
      const out = execFileSync(process.execPath, ["-e", PROBE], {
        encoding: "utf8",
        timeout: 30_000,
      });
      return JSON.parse(out) as { ms: number; faults: number };
    });
    const msPerMB = median(probes.map((p) => p.ms / 16));
    const microsecondsPerFault = median(probes.map((p) => (1000 * p.ms) / Math.max(1, p.faults)));
    return { msPerMB, microsecondsPerFault };
  } catch {
    return undefined;
  }
}
