import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { inProcessCatalogueEvents } from "../catalogue/events";
import { acceptsEncoding, compression } from "./compression";
import { deferScripts } from "./deferred-scripts";
import type { AppEnv } from "./env";
import { guestPageCache, guestPageHits, shareablePage } from "./guest-page-cache";
import { pagePipeline } from "./page-pipeline";
import { inlineHash, securityHeaders } from "./security-headers";

const SHELL_SCRIPT = "document.documentElement.dataset.theme='light'";
const SESSION = { Cookie: "better-auth.session_token=abc.def" };

/** A page as React Router renders it: the shell's script, nonce'd scripts, the module script. */
function renderedPage(nonce: string, text: string) {
  return (
    `<!DOCTYPE html><html><head><script>${SHELL_SCRIPT}</script>` +
    `<link rel="modulepreload" href="/assets/entry.js" nonce="${nonce}"/></head>` +
    `<body><main id="content">${text}</main>` +
    `<script nonce="${nonce}">window.__reactRouterContext = {"state":"${text}"};</script>` +
    `<script nonce="${nonce}" type="module" async="">import * as route0 from "/assets/root.js";` +
    `window.__reactRouterRouteModules = {"root":route0};import("/assets/entry.js");</script>` +
    "</body></html>"
  );
}

/**
 * The stack of server/index.ts in small: security headers, compression, the pipeline with a
 * guest page cache, and pages that count their renders.
 */
function shop(options: { maxBytes?: number } = {}) {
  const events = inProcessCatalogueEvents();
  const guestPages = guestPageCache(events, { maxBytes: options.maxBytes ?? 1024 * 1024 });
  const renders = new Map<string, number>();
  const names = { product: "Braided Cable" };
  const app = new Hono<AppEnv>();
  app.use(
    securityHeaders({
      production: false,
      publicUrl: "http://localhost:3000",
      inlineScripts: [SHELL_SCRIPT],
    }),
  );
  app.use(compression());
  app.use(guestPageHits(guestPages));
  // What stands between the early answer and the pipeline in server/index.ts (the library's
  // public-file lookup, the API's routes): counted, to see that a cached page skips it.
  let behind = 0;
  app.use(async (_c, next) => {
    behind++;
    await next();
  });
  app.use(pagePipeline({ guestPages }));
  const count = (path: string) => renders.set(path, (renders.get(path) ?? 0) + 1);
  const page = (c: { get: (k: "cspNonce") => string }, text: string) =>
    new Response(renderedPage(c.get("cspNonce"), text), {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  app.get("/product-details/:id", (c) => {
    count(c.req.path);
    const signedIn = c.req.header("cookie")?.includes("session_token");
    return page(c, signedIn ? `${names.product} for Rahim` : names.product);
  });
  app.get("/", (c) => {
    count("/");
    return page(c, `Home ${new URL(c.req.url).search}`);
  });
  app.get("/shop", (c) => {
    count("/shop");
    const res = page(c, "Shop");
    res.headers.append("Set-Cookie", "seen=1");
    return res;
  });
  app.get("/about-us", (c) => {
    count("/about-us");
    const res = page(c, "About");
    res.headers.set("Cache-Control", "private, no-store");
    return res;
  });
  app.get("/product-checkout", (c) => {
    count("/product-checkout");
    return page(c, `Checkout key ${Math.random()}`);
  });
  // Personal data (decision 060): even a guest's tracking page is rendered for that guest only.
  app.get("/track-order", (c) => {
    count("/track-order");
    return page(c, `Order ${c.req.query("orderNumber")} for ${c.req.query("phone")}`);
  });
  app.get("/contact-us", (c) => {
    count("/contact-us");
    return c.html("<p>Gone</p>", 404);
  });
  return { app, events, guestPages, renders, names, behind: () => behind };
}

const scriptSrc = (res: Response) =>
  (res.headers.get("Content-Security-Policy") ?? "")
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src "))
    ?.split(/\s+/)
    .slice(1) ?? [];

describe("guest page cache: what is served from it", () => {
  it("renders a guest's page once and serves every later guest the same page", async () => {
    const { app, renders } = shop();
    const first = await app.request("/product-details/p1");
    const second = await app.request("/product-details/p1");
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    expect(renders.get("/product-details/p1")).toBe(1);
    const [a, b] = [await first.text(), await second.text()];
    expect(b).toBe(a);
    expect(b).toContain("Braided Cable");
    expect(second.headers.get("Cache-Control")).toBe("public, no-cache");
    expect(second.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
  });

  it("answers a cached page before the file lookup and the routes behind it", async () => {
    const { app, behind } = shop();
    await app.request("/product-details/p1");
    expect(behind()).toBe(1);
    const hit = await app.request("/product-details/p1", {
      headers: { "Accept-Encoding": "gzip" },
    });
    expect(hit.headers.get("X-Page-Cache")).toBe("hit");
    expect(hit.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await hit.arrayBuffer())).toString("utf8")).toContain(
      "Braided Cable",
    );
    expect(behind()).toBe(1);
    // A signed-in visitor's request goes the whole way.
    await app.request("/product-details/p1", { headers: SESSION });
    expect(behind()).toBe(2);
  });

  it("keeps no nonce and allows the page's own scripts by their hashes, never 'unsafe-inline'", async () => {
    const { app } = shop();
    await app.request("/product-details/p1");
    const res = await app.request("/product-details/p1");
    const html = await res.text();
    expect(html).not.toContain("nonce=");
    const allowed = scriptSrc(res);
    expect(allowed.some((s) => s.startsWith("'nonce-"))).toBe(false);
    expect(allowed).not.toContain("'unsafe-inline'");
    expect(allowed).toContain(inlineHash(SHELL_SCRIPT));
    // Every inline script in the page, and the module script its loader inserts, is allowed.
    for (const [, text = ""] of html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) {
      expect(allowed).toContain(inlineHash(text));
    }
    const moduleSource = deferScripts(renderedPage("n", "Braided Cable")).started?.source ?? "";
    expect(moduleSource).toContain("window.__reactRouterRouteModules");
    expect(allowed).toContain(inlineHash(moduleSource));
  });

  it("is the page a fresh render gives, but for the nonce", async () => {
    const { app } = shop();
    await app.request("/product-details/p1");
    const cached = await (await app.request("/product-details/p1")).text();
    // An Authorization header keeps a request out of the cache: a fresh render, with a nonce.
    const fresh = await app.request("/product-details/p1", {
      headers: { Authorization: "Bearer x" },
    });
    expect(fresh.headers.get("X-Page-Cache")).toBeNull();
    const nonce = /'nonce-([^']+)'/.exec(fresh.headers.get("Content-Security-Policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect((await fresh.text()).replaceAll(` nonce="${nonce}"`, "")).toBe(cached);
  });

  it("answers 304 to a guest whose copy is current, Brotli to a browser, gzip to a client that takes only gzip", async () => {
    const { app } = shop();
    const first = await app.request("/product-details/p1");
    const body = await first.text();
    const etag = first.headers.get("ETag") ?? "";
    expect(etag).toMatch(/^W\/"/);
    const again = await app.request("/product-details/p1", {
      headers: { "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("Content-Security-Policy")).toBeNull();
    const browser = await app.request("/product-details/p1", {
      headers: { "Accept-Encoding": "gzip, deflate, br, zstd" },
    });
    expect(browser.headers.get("Content-Encoding")).toBe("br");
    const packed = Buffer.from(await browser.arrayBuffer());
    expect(brotliDecompressSync(packed).toString("utf8")).toBe(body);
    const zipped = await app.request("/product-details/p1", {
      headers: { "Accept-Encoding": "gzip, deflate" },
    });
    expect(zipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString("utf8")).toBe(body);
    // The same validator whatever the packing: the page is the same.
    expect(browser.headers.get("ETag")).toBe(etag);
    expect(zipped.headers.get("ETag")).toBe(etag);
  });

  it("packs a page in gzip once, for the first client that takes only gzip, and keeps that copy", async () => {
    const { app, guestPages } = shop();
    const body = await (await app.request("/product-details/p1")).text();
    const key = "/product-details/p1\n\n";
    expect(guestPages?.peek(key)?.gzip).toBeUndefined();
    const gzipOnly = { headers: { "Accept-Encoding": "gzip, deflate" } };
    const first = Buffer.from(
      await (await app.request("/product-details/p1", gzipOnly)).arrayBuffer(),
    );
    const kept = guestPages?.peek(key)?.gzip;
    expect(kept && Buffer.from(kept)).toEqual(first);
    const second = await app.request("/product-details/p1", gzipOnly);
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    expect(gunzipSync(Buffer.from(await second.arrayBuffer())).toString("utf8")).toBe(body);
    expect(guestPages?.peek(key)?.gzip).toBe(kept);
  });

  it("shares one render between guests asking for the same page at once", async () => {
    const { app, renders } = shop();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => app.request("/product-details/p2")),
    );
    expect(renders.get("/product-details/p2")).toBe(1);
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(new Set(bodies).size).toBe(1);
  });

  it("keys pages by query and by the language and theme cookies", async () => {
    const { app, renders } = shop();
    await app.request("/?search=a");
    await app.request("/?search=b");
    await app.request("/?search=a", { headers: { Cookie: "lang=bn" } });
    await app.request("/?search=a", { headers: { Cookie: "theme=dark; lang=bn" } });
    await app.request("/?search=a", { headers: { Cookie: "lang=bn; other=1" } });
    expect(renders.get("/")).toBe(4);
  });

  it("keeps one copy of a page linked with click and campaign tags (fbclid, utm_*), rendered without them", async () => {
    const { app, renders } = shop();
    const fromFacebook = await app.request("/?search=a&fbclid=IwAR1abc");
    const fromCampaign = await app.request(
      "/?utm_source=facebook&search=a&fbclid=IwAR2xyz&utm_campaign=eid",
    );
    const plain = await app.request("/?search=a");
    expect(fromFacebook.headers.get("X-Page-Cache")).toBe("miss");
    expect(fromCampaign.headers.get("X-Page-Cache")).toBe("hit");
    expect(plain.headers.get("X-Page-Cache")).toBe("hit");
    expect(renders.get("/")).toBe(1);
    const html = await fromFacebook.text();
    expect(html).toContain('<main id="content">Home ?search=a</main>');
    expect(await plain.text()).toBe(html);
    // A tag alone: the page without a query.
    await app.request("/?fbclid=IwAR3");
    expect((await app.request("/")).headers.get("X-Page-Cache")).toBe("hit");
    expect(renders.get("/")).toBe(2);
  });
});

describe("guest page cache: what is never served from it", () => {
  it("renders every page of a signed-in visitor for them and never keeps it", async () => {
    const { app, renders } = shop();
    await app.request("/product-details/p1");
    const mine = await app.request("/product-details/p1", { headers: SESSION });
    expect(mine.headers.get("X-Page-Cache")).toBeNull();
    expect(await mine.text()).toContain("Braided Cable for Rahim");
    expect(mine.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(scriptSrc(mine).some((s) => s.startsWith("'nonce-"))).toBe(true);
    const guest = await app.request("/product-details/p1");
    expect(await guest.text()).not.toContain("for Rahim");
    expect(renders.get("/product-details/p1")).toBe(2);
  });

  it("renders pages outside the list, pages that set a cookie or choose their caching, errors, POSTs and one-time notices every time", async () => {
    const { app, renders } = shop();
    for (const path of [
      "/product-checkout",
      "/shop",
      "/about-us",
      "/contact-us",
      "/?notice=logged-out",
    ]) {
      const first = await app.request(path);
      const second = await app.request(path);
      expect(second.headers.get("X-Page-Cache"), path).toBeNull();
      expect(first.headers.get("X-Page-Cache"), path).toBeNull();
    }
    expect(renders.get("/product-checkout")).toBe(2);
    expect(renders.get("/shop")).toBe(2);
    expect(renders.get("/about-us")).toBe(2);
    expect(renders.get("/contact-us")).toBe(2);
    expect(renders.get("/")).toBe(2);
    // The page that set a cookie went out with it, as rendered.
    expect((await app.request("/shop")).headers.get("Set-Cookie")).toBe("seen=1");
  });

  it("never keeps or serves a guest's order tracking page, even one that sets no caching", async () => {
    const { app, renders } = shop();
    const path = "/track-order?orderNumber=100001&phone=01712345678";
    const first = await app.request(path);
    const second = await app.request(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Page-Cache")).toBeNull();
    expect(second.headers.get("X-Page-Cache")).toBeNull();
    expect(renders.get("/track-order")).toBe(2);
    // Another guest asking for the same URL gets a render of their own, never a stored copy.
    expect(await second.text()).toContain("Order 100001 for 01712345678");
  });

  it("drops every page when the catalogue changes", async () => {
    const { app, events, renders, names } = shop();
    await app.request("/product-details/p1");
    await app.request("/");
    names.product = "Braided Cable Renamed";
    expect(await (await app.request("/product-details/p1")).text()).not.toContain("Renamed");
    await events.publish({ kind: "product", id: "p1" });
    const after = await app.request("/product-details/p1");
    expect(after.headers.get("X-Page-Cache")).toBe("miss");
    expect(await after.text()).toContain("Braided Cable Renamed");
    await app.request("/");
    expect(renders.get("/")).toBe(2);
  });

  it("drops only a product's own pages when its stock moves, on the catalogue channel", async () => {
    const { app, events, renders } = shop();
    for (const path of [
      "/product-details/p1",
      "/product-details/p1?color=Red",
      "/product-details/p12",
      "/",
    ]) {
      await app.request(path);
      await app.request(path, { headers: { cookie: "theme=dark" } });
    }
    await events.publish({ kind: "stock", id: "p1" });
    for (const path of ["/product-details/p1", "/product-details/p1?color=Red"]) {
      expect((await app.request(path)).headers.get("X-Page-Cache"), path).toBe("miss");
      const dark = await app.request(path, { headers: { cookie: "theme=dark" } });
      expect(dark.headers.get("X-Page-Cache"), path).toBe("miss");
    }
    // Another product (even one whose id starts with this one's) and home stay cached.
    for (const path of ["/product-details/p12", "/"]) {
      expect((await app.request(path)).headers.get("X-Page-Cache"), path).toBe("hit");
    }
    expect(renders.get("/product-details/p12")).toBe(2);

    // A reconnected channel may have missed any stock change: every product page goes.
    await events.publish({ kind: "stock", id: "*" });
    expect((await app.request("/product-details/p12")).headers.get("X-Page-Cache")).toBe("miss");
    expect((await app.request("/")).headers.get("X-Page-Cache")).toBe("hit");
  });

  it("keeps at most its size in memory, dropping the least recently used page", async () => {
    const nonce = "c2l6ZS1vZi1hLXBhZ2U=";
    const one = shareablePage(deferScripts(renderedPage(nonce, "Braided Cable")), nonce, "");
    const pageBytes = one?.brotli.byteLength ?? 0;
    // Room for three pages and a half.
    const { app, renders, guestPages } = shop({ maxBytes: Math.floor(pageBytes * 3.5) });
    for (let i = 0; i < 20; i++) await app.request(`/product-details/p${i}`);
    expect(guestPages?.size).toBe(3);
    await app.request("/product-details/p19");
    expect(renders.get("/product-details/p19")).toBe(1);
    await app.request("/product-details/p0");
    expect(renders.get("/product-details/p0")).toBe(2);
  });

  it("is off with no memory for it", () => {
    expect(guestPageCache(inProcessCatalogueEvents(), { maxBytes: 0 })).toBeUndefined();
  });
});

describe("shareablePage", () => {
  const NONCE = "bm9uY2UtZm9yLXRlc3Q=";

  it("hashes only the scripts that carry this render's nonce", () => {
    const html =
      `<script nonce="${NONCE}">window.ok=1</script>` +
      "<script>window.injected=1</script>" +
      '<script nonce="guessed">window.guessed=1</script>' +
      '<script type="application/ld+json">{"@type":"Product"}</script>';
    const page = shareablePage({ html }, NONCE, "text/html");
    expect(page?.scriptHashes).toEqual([inlineHash("window.ok=1")]);
    expect(brotliDecompressSync(page?.brotli ?? new Uint8Array()).toString()).toBe(
      "<script>window.ok=1</script><script>window.injected=1</script>" +
        '<script nonce="guessed">window.guessed=1</script>' +
        '<script type="application/ld+json">{"@type":"Product"}</script>',
    );
  });

  it("refuses a page that shows the nonce anywhere but on its scripts", () => {
    expect(
      shareablePage({ html: `<p>${NONCE}</p><script nonce="${NONCE}">1</script>` }, NONCE, ""),
    ).toBeUndefined();
    expect(shareablePage({ html: "<p>x</p>" }, "", "")).toBeUndefined();
  });

  it("hashes the module script the loader inserts only when the loader carried the nonce", () => {
    const started = { source: "import('/assets/entry.js')", attributes: ` nonce="${NONCE}"` };
    expect(shareablePage({ html: "<p>x</p>", started }, NONCE, "")?.scriptHashes).toEqual([
      inlineHash(started.source),
    ]);
    expect(
      shareablePage({ html: "<p>x</p>", started: { ...started, attributes: "" } }, NONCE, "")
        ?.scriptHashes,
    ).toEqual([]);
  });
});

describe("acceptsEncoding", () => {
  it("reads Accept-Encoding as browsers send it", () => {
    expect(acceptsEncoding("gzip, deflate, br, zstd", "gzip")).toBe(true);
    expect(acceptsEncoding("gzip, deflate, br, zstd", "br")).toBe(true);
    expect(acceptsEncoding("br;q=1.0, gzip;q=0.8", "gzip")).toBe(true);
    expect(acceptsEncoding("*", "br")).toBe(true);
    expect(acceptsEncoding("gzip;q=0", "gzip")).toBe(false);
    expect(acceptsEncoding("gzip, br;q=0", "br")).toBe(false);
    expect(acceptsEncoding("br", "gzip")).toBe(false);
    expect(acceptsEncoding("gzip, deflate", "br")).toBe(false);
    expect(acceptsEncoding("identity", "gzip")).toBe(false);
    expect(acceptsEncoding(undefined, "br")).toBe(false);
  });
});
