import { z } from "zod";

/**
 * Zod compiles object parsers with `new Function` when it may, and probes for that permission by
 * calling `Function("")` once. The pages' CSP has no 'unsafe-eval', so in the browser that probe
 * is a CSP violation every time a form is checked: tell Zod up front to parse without compiling
 * (imported first by app/root.tsx, so before any page parses anything).
 * The server keeps the compiled parsers (no CSP applies there).
 */
if (typeof document !== "undefined") z.config({ jitless: true });
