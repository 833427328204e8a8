import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The server's first Intl object pages ICU's locale data in and keeps ICU objects, about 8 MB of
 * its memory budget (docs/decisions/076): no code the server runs uses Intl, the locale methods
 * that reach it, or `localeCompare`. core/ and app/ run on the server too (rendering), so they
 * keep to core/dates.ts, core/money.ts and plain comparisons as well.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const LOCALE_METHODS = new Set([
  "toLocaleString",
  "toLocaleDateString",
  "toLocaleTimeString",
  "toLocaleLowerCase",
  "toLocaleUpperCase",
  "localeCompare",
]);

function intlUses(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node)) {
      const intl = ts.isIdentifier(node.expression) && node.expression.text === "Intl";
      if (intl || LOCALE_METHODS.has(node.name.text)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${path.relative(ROOT, file)}:${line + 1} ${node.getText(source)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("Intl on the server", () => {
  it("is used nowhere in app/, core/, server/ or shared/ outside tests", () => {
    const uses: string[] = [];
    for (const folder of ["app", "core", "server", "shared"]) {
      for (const file of readdirSync(path.join(ROOT, folder), {
        recursive: true,
        encoding: "utf8",
      })) {
        if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
        uses.push(...intlUses(path.join(ROOT, folder, file)));
      }
    }
    expect(uses).toEqual([]);
  });
});
