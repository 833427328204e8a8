import zlib from "node:zlib";
import { type Browser, chromium, type Page, type Response } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/browser";
import { type BundleRoute, type ByteCount, bundleChecks, type RouteInfo } from "./report";

const empty = (): ByteCount => ({ files: 0, raw: 0, gzip: 0, transferred: 0 });

/** Debian's Chromium with the flags of tests/support/browser.ts; Ctrl-C is left to bench/run.ts. */
export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    handleSIGINT: false,
    handleSIGTERM: false,
    args: [...CHROMIUM_FLAGS],
  });
}

/** gzip at zlib's default level (6), what a server compressing on the fly typically sends. */
export function gzipSize(body: Buffer): number {
  return zlib.gzipSync(body).length;
}

/**
 * Loads one page in a fresh browser context (empty cache, no storage) at a phone's viewport and
 * sums the scripts and stylesheets it fetches until the network is idle: entry, route modules,
 * modulepreloads and anything hydration imports lazily. Each body is gzip-compressed locally,
 * so the figure does not depend on whether the server compresses.
 */
export async function measureRoute(
  browser: Browser,
  baseUrl: string,
  route: RouteInfo,
  cookie?: string,
): Promise<BundleRoute> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    ...(cookie ? { extraHTTPHeaders: { cookie } } : {}),
  });
  const origin = new URL(baseUrl).origin;
  const pending: Promise<void>[] = [];
  const js = empty();
  const css = empty();
  const documentBytes = empty();
  const assets: BundleRoute["assets"] = [];
  const external = new Set<string>();
  let otherRawBytes = 0;
  let requests = 0;
  const consoleErrors: string[] = [];

  const onResponse = (response: Response) => {
    requests += 1;
    const url = response.url();
    if (!url.startsWith("data:") && new URL(url).origin !== origin) external.add(url);
    const type = response.request().resourceType();
    pending.push(
      (async () => {
        // Redirects and bodiless responses have nothing to count.
        const body = await response.body().catch(() => null);
        if (!body) return;
        const sizes = await response
          .request()
          .sizes()
          .catch(() => null);
        const add = (count: ByteCount) => {
          const gzip = gzipSize(body);
          count.files += 1;
          count.raw += body.length;
          count.gzip += gzip;
          count.transferred += sizes ? sizes.responseBodySize : body.length;
          return gzip;
        };
        if (type === "script" || type === "stylesheet") {
          const gzip = add(type === "script" ? js : css);
          assets.push({ url: url.replace(origin, ""), type, raw: body.length, gzip });
        } else if (type === "document") {
          add(documentBytes);
          // A stylesheet inlined in the document (<style>) counts as CSS too: the budget is the
          // page's CSS, wherever it travels (it is also part of the HTML figure).
          for (const match of body.toString("utf8").matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) {
            const text = Buffer.from(match[1] ?? "", "utf8");
            if (text.length === 0) continue;
            const gzip = gzipSize(text);
            css.files += 1;
            css.raw += text.length;
            css.gzip += gzip;
            css.transferred += gzip;
            assets.push({
              url: `${url.replace(origin, "")} (inline <style>)`,
              type: "stylesheet",
              raw: text.length,
              gzip,
            });
          }
        } else {
          otherRawBytes += body.length;
        }
      })(),
    );
  };

  try {
    const page = await context.newPage();
    page.on("response", onResponse);
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const where = message.location().url;
      consoleErrors.push(
        `${message.text().slice(0, 300)}${where ? ` (${where.replace(origin, "")})` : ""}`,
      );
    });
    page.on("pageerror", (error) => consoleErrors.push(error.message.slice(0, 300)));
    const response = await page.goto(new URL(route.path, baseUrl).toString(), {
      waitUntil: "load",
      timeout: 60_000,
    });
    // A page fetches its scripts only after its first paint (docs/decisions/028): on a slow or
    // busy machine the network can go idle before they start, so wait for hydration first.
    await page
      .waitForSelector("html[data-hydrated]", { state: "attached", timeout: 30_000 })
      .catch(() => {
        // A page that never hydrates is counted with what it loaded; its row shows 0 files.
      });
    await page.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => {
      // A page that keeps polling never goes idle; count what it loaded so far.
    });
    page.off("response", onResponse);
    await Promise.all(pending);
    const declared = await manifestFiles(page).catch(() => null);
    const manifest = declared ? await sizeOf(baseUrl, declared) : null;
    assets.sort((a, b) => b.gzip - a.gzip);
    return {
      ...route,
      status: response?.status() ?? 0,
      js,
      css,
      document: documentBytes,
      otherRawBytes,
      requests,
      external: [...external],
      consoleErrors,
      manifest,
      assets,
      checks: bundleChecks(js, css),
    };
  } finally {
    await context.close();
  }
}

type ManifestFiles = { routeIds: string[]; js: string[]; css: string[] };

/**
 * What the build manifest says the page needs: the entry's module and imports, plus module,
 * imports and CSS of every route the server rendered (the ids in the inline
 * `window.__reactRouterRouteModules`, looked up in the inline `window.__reactRouterManifest`).
 */
async function manifestFiles(page: Page): Promise<ManifestFiles | null> {
  return page.evaluate(() => {
    type Entry = { module: string; imports?: string[]; css?: string[] };
    const w = window as unknown as {
      __reactRouterManifest?: { entry: Entry; routes: Record<string, Entry | undefined> };
      __reactRouterRouteModules?: Record<string, unknown>;
    };
    const manifest = w.__reactRouterManifest;
    if (!manifest) return null;
    const routeIds = Object.keys(w.__reactRouterRouteModules ?? {});
    const js = new Set<string>();
    const css = new Set<string>();
    for (const entry of [manifest.entry, ...routeIds.map((id) => manifest.routes[id])]) {
      if (!entry) continue;
      js.add(entry.module);
      for (const file of entry.imports ?? []) js.add(file);
      for (const file of entry.css ?? []) css.add(file);
    }
    return { routeIds, js: [...js], css: [...css] };
  });
}

async function sizeOf(
  baseUrl: string,
  files: ManifestFiles,
): Promise<NonNullable<BundleRoute["manifest"]>> {
  const count = async (urls: string[]) => {
    const total = empty();
    for (const url of urls) {
      const res = await fetch(new URL(url, baseUrl));
      if (!res.ok) continue;
      const body = Buffer.from(await res.arrayBuffer());
      total.files += 1;
      total.raw += body.length;
      total.gzip += gzipSize(body);
    }
    return total;
  };
  return { routeIds: files.routeIds, js: await count(files.js), css: await count(files.css) };
}
