import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { deferPageScripts } from "./deferred-scripts";
import type { AppEnv } from "./env";
import { pageEtag } from "./http-cache";
import { pagePipeline } from "./page-pipeline";

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/**
 * As server/index.ts mounts it: routes of our own (here `/api/*`, answered at once), the
 * pipeline, then a page handler that finishes only when the test says so.
 */
function app(rendersAtOnce: number, maxBodyBytes = 1024) {
  const rendering: string[] = [];
  const bodies = new Map<string, string>();
  const finish = new Map<string, () => void>();
  const hono = new Hono<AppEnv>();
  hono.get("/api/*", (c) => c.json({ path: c.req.path }));
  hono.use(pagePipeline({ rendersAtOnce, maxBodyBytes }));
  hono.all("*", async (c) => {
    const key = c.req.method === "GET" ? c.req.path : `${c.req.method} ${c.req.path}`;
    rendering.push(key);
    if (c.req.method === "POST") bodies.set(key, await c.req.text());
    await new Promise<void>((resolve) => finish.set(key, resolve));
    rendering.splice(rendering.indexOf(key), 1);
    if (c.req.path === "/broken") throw new Error("render failed");
    return c.text(c.req.path);
  });
  return { hono, rendering, bodies, finish: (path: string) => finish.get(path)?.() };
}

/** A request body that sends `first` and then nothing until `end()` (a slow client). */
function dripping(first: string) {
  let end = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(first));
      end = () => controller.close();
    },
  });
  return { body, end: () => end() };
}

describe("render turns", () => {
  it("renders at most `rendersAtOnce` pages at once and lets the others in by arrival", async () => {
    const { hono, rendering, finish } = app(2);
    const answers = ["/a", "/b", "/c", "/d"].map((path) => hono.request(path));
    await settle();
    expect(rendering).toEqual(["/a", "/b"]);
    finish("/b");
    await settle();
    expect(rendering).toEqual(["/a", "/c"]);
    finish("/a");
    finish("/c");
    await settle();
    expect(rendering).toEqual(["/d"]);
    finish("/d");
    const bodies = await Promise.all(answers.map(async (r) => (await r).text()));
    expect(bodies).toEqual(["/a", "/b", "/c", "/d"]);
  });

  it("gives the turn back when a render fails", async () => {
    const { hono, rendering, finish } = app(1);
    const broken = hono.request("/broken");
    const next = hono.request("/next");
    await settle();
    expect(rendering).toEqual(["/broken"]);
    finish("/broken");
    expect((await broken).status).toBe(500);
    await settle();
    expect(rendering).toEqual(["/next"]);
    finish("/next");
    expect(await (await next).text()).toBe("/next");
  });

  it("keeps a turn until the page's HTML is complete (buffered for its scripts and ETag)", async () => {
    const rendering: string[] = [];
    let complete = () => {};
    const hono = new Hono<AppEnv>();
    hono.use(pagePipeline({ rendersAtOnce: 1 }));
    hono.get("*", (c) => {
      rendering.push(c.req.path);
      // The renderer answers at once and streams the page's end later.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("<p>"));
          complete = () => {
            controller.enqueue(new TextEncoder().encode(`${c.req.path}</p>`));
            controller.close();
          };
        },
      });
      return new Response(body, { headers: { "Content-Type": "text/html; charset=UTF-8" } });
    });
    const first = hono.request("/shop");
    const second = hono.request("/cart");
    await settle();
    expect(rendering).toEqual(["/shop"]);
    complete();
    expect(await (await first).text()).toBe("<p>/shop</p>");
    await settle();
    expect(rendering).toEqual(["/shop", "/cart"]);
    complete();
    expect(await (await second).text()).toBe("<p>/cart</p>");
  });

  it("never holds back a route answered before it, whatever the pages in flight", async () => {
    const { hono, rendering, finish } = app(1);
    const page = hono.request("/shop");
    const next = hono.request("/cart");
    await settle();
    expect(rendering).toEqual(["/shop"]);
    const api = await hono.request("/api/products");
    expect(await api.json()).toEqual({ path: "/api/products" });
    expect(rendering).toEqual(["/shop"]);
    finish("/shop");
    await settle();
    finish("/cart");
    expect(await (await page).text()).toBe("/shop");
    expect(await (await next).text()).toBe("/cart");
  });
});

describe("page request bodies", () => {
  it("a page whose body is still arriving holds no render turn (issue 20, item 2)", async () => {
    const { hono, rendering, bodies, finish } = app(1);
    const slow = dripping("message=hel");
    const posted = hono.request("/contact-us", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: slow.body,
      duplex: "half",
    } as RequestInit);
    await settle();
    // The only turn is free while the form is still arriving: another page renders at once.
    const home = hono.request("/");
    await settle();
    expect(rendering).toEqual(["/"]);
    finish("/");
    expect(await (await home).text()).toBe("/");
    // Once the body is complete, the action gets it whole and takes its turn.
    slow.end();
    await settle();
    expect(rendering).toEqual(["POST /contact-us"]);
    expect(bodies.get("POST /contact-us")).toBe("message=hel");
    finish("POST /contact-us");
    expect((await posted).status).toBe(200);
  });

  it("refuses a declared body over the limit with 413 without reading it (issue 20, item 4)", async () => {
    const { hono, rendering } = app(1, 1024);
    // A body that never ends: reading it would never answer.
    const endless = dripping("x".repeat(100));
    const res = await hono.request("/contact-us", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": "200000000",
      },
      body: endless.body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.text()).toBe("The form is too large.");
    expect(rendering).toEqual([]);
  });

  it("refuses a body sent without a length once it runs past the limit", async () => {
    const { hono, rendering } = app(1, 1024);
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new Uint8Array(512).fill(120));
        // Never closed: the limit is reached first.
      },
    });
    const res = await hono.request("/contact-us", {
      method: "POST",
      body: chunks,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(rendering).toEqual([]);
  });

  it("hands a body within the limit to the page whole", async () => {
    const { hono, bodies, finish } = app(1, 1024);
    const form = `message=${encodeURIComponent("আ".repeat(100))}`;
    const posted = hono.request("/contact-us", { method: "POST", body: form, headers: FORM });
    await settle();
    finish("POST /contact-us");
    expect((await posted).status).toBe(200);
    expect(bodies.get("POST /contact-us")).toBe(form);
  });
});

describe("bad input before the page (page-input.ts)", () => {
  it("hands the page a NUL of its form as U+FFFD", async () => {
    const { hono, bodies, finish } = app(1, 1024);
    const posted = hono.request("/contact-us", {
      method: "POST",
      body: "name=a%00b",
      headers: FORM,
    });
    await settle();
    finish("POST /contact-us");
    expect((await posted).status).toBe(200);
    expect(new URLSearchParams(bodies.get("POST /contact-us")).get("name")).toBe("a\uFFFDb");
  });

  it("refuses a JSON body to a page with 415 in the visitor's language, rendering nothing", async () => {
    const { hono, rendering } = app(1, 1024);
    const res = await hono.request("/contact-us?lang=bn", {
      method: "POST",
      body: JSON.stringify({ name: "x" }),
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(415);
    expect(await res.text()).toBe("এই পাতা শুধু শপের নিজের ফর্ম নেয়। পাতাটি খুলে সেখান থেকে ফর্মটি পাঠান।");
    expect(rendering).toEqual([]);
  });
});

describe("the page answer, buffered once", () => {
  const NONCE = "bm9uY2U=";
  const page =
    `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.js" nonce="${NONCE}"/></head>` +
    `<body><main id="content">Haat</main><script nonce="${NONCE}" type="module" async="">` +
    `import * as route0 from "/assets/root.js";window.__reactRouterRouteModules = {"root":route0};` +
    `import("/assets/entry.js");</script></body></html>`;

  it("has its scripts started after the paint and a validator of the HTML as sent", async () => {
    const hono = new Hono<AppEnv>();
    hono.use(async (c, next) => {
      c.set("cspNonce", NONCE);
      await next();
    });
    hono.use(pagePipeline());
    hono.get("/", (c) => c.html(page));
    const res = await hono.request("/");
    const html = await res.text();
    expect(html).toBe(deferPageScripts(page));
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(res.headers.get("ETag")).toBe(pageEtag(html, NONCE));
    const again = await hono.request("/", {
      headers: { "If-None-Match": res.headers.get("ETag") ?? "" },
    });
    expect(again.status).toBe(304);
  });

  it("leaves answers that are not HTML as they are", async () => {
    const hono = new Hono<AppEnv>();
    hono.use(pagePipeline());
    hono.get("/robots.txt", (c) => c.text("User-agent: *"));
    const res = await hono.request("/robots.txt");
    expect(await res.text()).toBe("User-agent: *");
    expect(res.headers.get("ETag")).toBeNull();
  });
});
