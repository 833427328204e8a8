import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The server shares the page shell's texts with app/ through shared/page-shell.ts, not by reaching
 * into app/ (issue 21, item 5); only tests may import app/ modules, to test them.
 */
const SERVER = path.resolve(import.meta.dirname);
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/g;

describe("server/", () => {
  it("imports nothing from app/ outside its tests", () => {
    const offenders: string[] = [];
    for (const file of readdirSync(SERVER, { recursive: true, encoding: "utf8" })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const full = path.join(SERVER, file);
      for (const [, specifier = ""] of readFileSync(full, "utf8").matchAll(IMPORT)) {
        if (!specifier.startsWith(".")) continue;
        const target = path.resolve(path.dirname(full), specifier);
        if (target.startsWith(path.join(SERVER, "..", "app") + path.sep)) {
          offenders.push(`${file} → ${specifier}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
