/**
 * Zod compiles object parsers with `new Function` when it may, and probes for that permission by
 * calling `Function("")` once. The pages' CSP has no 'unsafe-eval', so in the browser that probe
 * is a CSP violation: tell Zod up front to parse without compiling. Imported first by
 * app/root.tsx, so before any page module defines or parses a schema.
 *
 * Zod keeps its settings in one object on `globalThis` (what `z.config()` changes), created by
 * whichever copy loads first; it is set here in place, without importing Zod, so that pages
 * which do not use Zod load none of it for this (app/lib/zod-in-browser.test.ts checks the name).
 * The server keeps the compiled parsers (no CSP applies there).
 */
export function parseWithoutEval(): void {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}

if (typeof document !== "undefined") parseWithoutEval();
