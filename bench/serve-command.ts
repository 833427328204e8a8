import fs from "node:fs";
import path from "node:path";
import { ROOT } from "../tests/support/server-process";

/** The scripts of package.json. */
export function packageScripts(): Record<string, string> {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  return pkg.scripts;
}

/** The words of `npm run serve` in package.json. */
function serveScriptWords(): string[] {
  return (packageScripts().serve ?? "").split(/\s+/);
}

/**
 * The environment `npm run serve` sets before Node starts (`NAME=${NAME:-default}` words before
 * `exec`), for the bench's servers: glibc reads its MALLOC_ settings when the process starts.
 */
export function serveEnv(): Record<string, string> {
  const words = serveScriptWords();
  const env: Record<string, string> = {};
  for (const word of words.slice(0, Math.max(0, words.indexOf("exec")))) {
    const match = /^(\w+)=(?:\$\{\1:-(.*)\}|(.*))$/.exec(word);
    if (match?.[1]) env[match[1]] = process.env[match[1]] ?? match[2] ?? match[3] ?? "";
  }
  return env;
}

/**
 * The Node flags of `npm run serve` (the V8 heap sizing of docs/decisions/025), read from
 * package.json so the bench's servers run exactly as production does (with `serveEnv()`).
 */
export function serveNodeArgs(): string[] {
  const words = serveScriptWords();
  const profile = process.env.BENCH_CPU_PROF_DIR;
  return [
    ...words.slice(words.indexOf("node") + 1).filter((word) => word.startsWith("--")),
    // Where the time goes: each bench server writes a CPU profile there when it stops.
    ...(profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : []),
  ];
}
