import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/server-process";
import { requireBuild } from "./crash-support";

/** Every script of the production server build, with its text. */
function serverScripts(): { file: string; text: string }[] {
  const dir = path.join(ROOT, "build/server");
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .map((file) => ({ file, text: fs.readFileSync(path.join(dir, file), "utf8") }));
}

/** The characters above Latin-1 in `text`, each once, with where the first one is. */
function wideCharacters(text: string): { found: string; near?: string } {
  const found = [...new Set([...text].filter((c) => (c.codePointAt(0) ?? 0) > 0xff))].join("");
  const at = found ? text.indexOf([...found][0] as string) : -1;
  return { found, near: at >= 0 ? text.slice(Math.max(0, at - 60), at + 20) : undefined };
}

describe("the production server build (decision 090)", () => {
  it("is Latin-1 text, which V8 keeps at one byte a character for as long as the server runs", () => {
    requireBuild();
    const scripts = serverScripts();
    expect(scripts.map((s) => s.file)).toContain("index.js");
    // The Bengali catalogue is in it, escaped.
    expect(scripts.some((s) => s.text.includes("\\u0995"))).toBe(true);
    for (const { file, text } of scripts) {
      expect({ file, ...wideCharacters(text) }).toEqual({ file, found: "", near: undefined });
    }
  });
});
