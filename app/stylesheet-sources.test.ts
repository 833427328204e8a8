import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * app/app.css (inlined on every page) leaves the dashboard's folders out of its Tailwind sources;
 * their classes come from app/dashboard.css, linked only under /dashboard (decision 013, round 3).
 * A storefront module that imported one of those files would render classes that no storefront
 * page has CSS for, so nothing outside them may import them.
 */
const APP = path.resolve(import.meta.dirname);

const excluded = [
  ...readFileSync(path.join(APP, "app.css"), "utf8").matchAll(/@source not "([^"]+)"/g),
].map((m) => path.resolve(APP, m[1] ?? ""));

const isExcluded = (file: string) =>
  excluded.some((entry) => file === entry || file.startsWith(`${entry}${path.sep}`));

/** `file` without its extension matches an import specifier that left it out. */
const isExcludedImport = (target: string) =>
  excluded.some(
    (entry) =>
      target === entry ||
      target === entry.replace(/\.tsx?$/, "") ||
      target.startsWith(`${entry}${path.sep}`),
  );

const modules = readdirSync(APP, { recursive: true, encoding: "utf8" })
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
  .map((f) => path.join(APP, f));

describe("the stylesheet split", () => {
  it("excludes folders and files that exist", () => {
    expect(excluded.length).toBeGreaterThan(0);
    for (const entry of excluded) {
      expect(
        modules.some((m) => m === entry || m.startsWith(`${entry}${path.sep}`)),
        entry,
      ).toBe(true);
    }
  });

  it("has no storefront module importing a dashboard-only one", () => {
    const offenders: string[] = [];
    for (const file of modules.filter((m) => !isExcluded(m))) {
      const source = readFileSync(file, "utf8");
      for (const [, spec = ""] of source.matchAll(/from\s+"(\.{1,2}\/[^"]+)"/g)) {
        const target = path.resolve(path.dirname(file), spec);
        if (isExcludedImport(target)) offenders.push(`${path.relative(APP, file)} → ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
