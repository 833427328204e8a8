import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { reactRouterHonoServer } from "react-router-hono-server/dev";
import { defineConfig, type Plugin, type Rolldown } from "vite";

/*
 * How the browser's JavaScript is cut into files (docs/decisions/043). A phone on mobile data
 * fetches a page's modules over at most six connections, and every file costs a round trip, so a
 * storefront page gets a handful of files instead of one per shared module:
 *
 * - "shell": React, React DOM, React Router and everything the root route or the storefront
 *   layout imports (header, footer, dialogs, the cart store...), plus the small helpers that
 *   storefront and dashboard routes share. Every page needs it.
 *   So is what a browsing page (home, the listings, a product) shares with another storefront
 *   page (the breadcrumb, the cart's line list): small, and it keeps "shop" to browsing pages.
 * - "shop": what two or more browsing pages share and the dashboard does not (product cards,
 *   listings).
 * - "cart": what only the cart, checkout and order-success pages share (quantity stepper, stock
 *   notices, the cart's texts).
 * - "forms": the field-issue table, the checkout's rules and the Dhaka thana list, for checkout,
 *   contact, the sign-in pages and the dashboard's forms.
 * - Everything else as Rolldown splits it: code of one route stays in that route's file; the
 *   order pages' shared parts (order totals, the order code form), the dashboard's and the
 *   sign-in pages' shared code in their own chunks.
 */

type ModuleGraph = Pick<Rolldown.ChunkingContext, "getModuleInfo">;

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
const SHELL_ROUTES = /[\\/]app[\\/](root|routes[\\/]storefront[\\/]layout)\.tsx$/;
const SHOP_ROUTES = /[\\/]app[\\/]routes[\\/](storefront|cart)[\\/]/;
const DASHBOARD_ROUTES = /[\\/]app[\\/]routes[\\/]dashboard[\\/]/;
/** The browsing pages: the home page, the listings and a product. */
const BROWSE_ROUTES =
  /[\\/]app[\\/]routes[\\/]storefront[\\/](home|shop|category|sub-category|product-details)\.tsx$/;
/** The cart, checkout and order-success pages. */
const CART_ROUTES = /[\\/]app[\\/]routes[\\/]cart[\\/](cart|checkout|order-success)\.tsx$/;
/**
 * "forms": the field-issue table (app/i18n/issues.ts and its stock lines), the checkout, contact
 * and sign-in forms' rules and the Dhaka thana list (core/checkout.ts, core/contact.ts,
 * core/account.ts, core/dhaka-thanas.ts). Shared by checkout, contact, the sign-in pages and the
 * dashboard's schemas, yet no other page needs them (core/cart-lines.ts and core/delivery.ts hold
 * what the others use): one chunk of their own, never "shell" or "shop". (A rule module left out
 * of this list goes to the shell, and takes core/checkout.ts and the thana list with it.)
 */
const FORMS =
  /[\\/](app[\\/]i18n[\\/](issues|short-line-text)|core[\\/](checkout|contact|account|dhaka-thanas))\.ts$/;

/** The entry modules (route modules, the client entry) that import `id`, directly or not. */
function entriesReaching(id: string, graph: ModuleGraph, memo: Map<string, Set<string>>) {
  const known = memo.get(id);
  if (known) return known;
  const entries = new Set<string>();
  memo.set(id, entries);
  const info = graph.getModuleInfo(id);
  if (!info) return entries;
  // React Router builds a route as its file with a query (and parts of it with others): one route.
  if (info.isEntry) entries.add(id.replace(/\?.*$/, ""));
  for (const importer of info.importers) {
    for (const entry of entriesReaching(importer, graph, memo)) entries.add(entry);
  }
  return entries;
}

/** Which named chunk a module belongs to, or null for Rolldown's own splitting. */
function chunkOf(
  id: string,
  graph: ModuleGraph,
  memo: Map<string, Set<string>>,
): "shell" | "shop" | "cart" | "forms" | null {
  // The route entries themselves keep their own files (React Router loads them by name).
  if (id.includes("?")) return null;
  if (FRAMEWORK.test(id)) return "shell";
  if (FORMS.test(id)) return "forms";
  const entries = [...entriesReaching(id, graph, memo)];
  if (entries.some((e) => SHELL_ROUTES.test(e))) return "shell";
  if (entries.length < 2 || !entries.some((e) => SHOP_ROUTES.test(e))) return null;
  const browsing = entries.filter((e) => BROWSE_ROUTES.test(e)).length;
  if (entries.some((e) => DASHBOARD_ROUTES.test(e))) {
    // Shared by the dashboard and only the storefront's order pages (Track Order: the status
    // badge, the couriers' names): a file of their own, not in every page's shell.
    const everyPage = browsing > 0 || entries.some((e) => CART_ROUTES.test(e));
    return everyPage ? "shell" : null;
  }
  // The cart's, checkout's and order pages' shared parts: "cart" when only the cart, checkout and
  // order-success share them (one file instead of one per set of pages), else Rolldown's chunks.
  if (browsing === 0) return entries.every((e) => CART_ROUTES.test(e)) ? "cart" : null;
  // Shared by a browsing page and another (a breadcrumb, the checkout's line list): the shell.
  return browsing < entries.length ? "shell" : "shop";
}

/** `output.codeSplitting` of the client build. */
function clientChunks(): Rolldown.CodeSplittingOptions {
  const memo = new Map<string, Set<string>>();
  return {
    groups: [
      // The shell first: what it takes (with the modules they import) is not also in "shop".
      { name: (id, graph) => (chunkOf(id, graph, memo) === "shell" ? "shell" : null), priority: 2 },
      { name: (id, graph) => (chunkOf(id, graph, memo) === "shop" ? "shop" : null), priority: 1 },
      { name: (id, graph) => (chunkOf(id, graph, memo) === "cart" ? "cart" : null), priority: 0 },
      { name: (id, graph) => (chunkOf(id, graph, memo) === "forms" ? "forms" : null), priority: 0 },
    ],
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What the browser fetches as text: the scripts and stylesheets (images are packed already). */
const COMPRESSIBLE = /\.(?:js|css|svg|json)$/;
/** Below this a compressed copy saves less than its headers cost (hono's threshold too). */
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every script and stylesheet of the
 * client build, packed once at their highest levels; the server answers a browser with the copy
 * it accepts (server/index.ts, `precompressed`) instead of gzipping the file again for every
 * visitor (docs/decisions/066).
 */
function precompressAssets(): Plugin {
  return {
    name: "haat:precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(files.map((name) => writeCompressedCopies(path.join(dir, name))));
    },
  };
}

async function writeCompressedCopies(file: string): Promise<void> {
  const bytes = await fs.readFile(file);
  if (bytes.byteLength < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
}

export default defineConfig({
  plugins: [
    reactRouterHonoServer({ serverEntryPoint: "server/index.ts" }),
    tailwindcss(),
    reactRouter(),
    precompressAssets(),
  ],
  // "~/core/money" is core/money.ts wherever it is imported from (tsconfig.json "paths").
  resolve: {
    alias: [{ find: /^~\//, replacement: fileURLToPath(new URL("./", import.meta.url)) }],
  },
  // No gzip column in the build's file list: computing it is part of every `npm start`'s wait,
  // and `npm run bench -- --only bundle` measures what the browser is sent (decision 087).
  build: { target: "es2022", reportCompressedSize: false },
  environments: {
    // A storefront page loads a handful of script files, not one per shared module.
    client: { build: { rollupOptions: { output: { codeSplitting: clientChunks() } } } },
    // The server holds its bundles' source as long as it runs: ASCII text is stored one byte a
    // character, while one Bengali letter anywhere in a file makes V8 keep it all at two.
    ssr: {
      build: {
        rollupOptions: {
          output: { charset: "ascii", comments: { legal: true, annotation: false, jsdoc: false } },
        },
      },
    },
  },
  ssr: {
    // Files found beside their module (WebAssembly, native code) or run in worker threads.
    external: ["@electric-sql/pglite", "sharp", "postgres", "pino"],
    // Bundled: a start loads a few hundred files instead of over a thousand (decision 072).
    // React, React Router and Hono stay outside (the adapter must see the app's classes), and
    // zod comes in only with every package that checks its schemas.
    noExternal: [
      "better-auth",
      /^@better-auth\//,
      "better-call",
      "kysely",
      "jose",
      "drizzle-orm",
      "zod",
      "@hono/zod-openapi",
      "@hono/zod-validator",
      "@asteasolutions/zod-to-openapi",
    ],
  },
});
