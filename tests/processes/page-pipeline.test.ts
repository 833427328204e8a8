import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newShopDataDir } from "../support/new-shop-folder";
import { ROOT, type ServerProcess, startServer } from "../support/server-process";
import { requireBuild } from "./crash-support";

/**
 * The page pipeline (server/http/page-pipeline.ts) in the production build, from outside: what
 * it makes of a real page, and what slow or oversized requests can no longer do (issue 20,
 * items 2 and 4).
 */

let server: ServerProcess;

beforeAll(async () => {
  requireBuild();
  server = await startServer(
    { SEED_DEMO_DATA: "never", RATE_LIMIT: "off" },
    { dataDir: newShopDataDir() },
  );
});

afterAll(async () => {
  await server?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

type RawExchange = {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received: () => string;
  /** Resolves when the server closes the connection (or it fails), with the time it took. */
  closed: Promise<number>;
};

/** A raw connection that sends `head` (request line and headers) and nothing more yet. */
async function openRaw(head: string): Promise<RawExchange> {
  const socket = net.connect(server.port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  const opened = Date.now();
  let received = "";
  socket.on("data", (chunk) => {
    received += chunk;
  });
  socket.on("error", () => {});
  const closed = new Promise<number>((resolve) =>
    socket.once("close", () => resolve(Date.now() - opened)),
  );
  socket.write(head);
  return { socket, received: () => received, closed };
}

const form = (length: number | "chunked") =>
  "POST /contact-us HTTP/1.1\r\n" +
  `Host: 127.0.0.1:${server.port}\r\n` +
  "Content-Type: application/x-www-form-urlencoded\r\n" +
  (length === "chunked" ? "Transfer-Encoding: chunked\r\n" : `Content-Length: ${length}\r\n`) +
  "\r\n";

/** Sends one byte a second until stopped, as the attacker's clients did. */
function drip(exchange: RawExchange): () => void {
  const timer = setInterval(() => {
    if (!exchange.socket.destroyed) exchange.socket.write("a");
  }, 1000);
  return () => clearInterval(timer);
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work;
  return { value, ms: Date.now() - started };
}

describe("a real page through the pipeline", () => {
  it("is sent with its scripts after the paint, a validator, and a policy matching its inline elements", async () => {
    const res = await fetch(`${server.url}/about-us`);
    expect(res.status).toBe(200);
    const html = await res.text();
    // React Router's preloads and module script are replaced by the loader (deferred-scripts.ts).
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain("(function startScriptsAfterPaint(");
    expect(html).toContain("window.__reactRouterRouteModules");

    const etag = res.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/"/);
    expect(res.headers.get("cache-control")).toBe("public, no-cache");
    const again = await fetch(`${server.url}/about-us`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);

    // Every inline element without the nonce is allowed by its hash: the texts the server
    // hashes are the texts the page renders (shared/page-shell.ts).
    const csp = res.headers.get("content-security-policy") ?? "";
    const hash = (text: string) =>
      `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
    const scripts = [...html.matchAll(/<script(?![^>]*\bnonce=)[^>]*>([\s\S]*?)<\/script>/g)];
    const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)];
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    expect(styles).toHaveLength(1);
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    const styleSrc = csp.split(";").find((d) => d.trim().startsWith("style-src ")) ?? "";
    for (const [, text = ""] of scripts) expect(scriptSrc).toContain(hash(text));
    for (const [, text = ""] of styles) expect(styleSrc).toContain(hash(text));
  });
});

/** A request as sent, with the answer's head and bytes as they came over the wire (not unpacked). */
function rawRequest(method: string, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = http.request(`${server.url}${pathname}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on("error", reject).end();
    },
  );
}

describe("the page's scripts", () => {
  it("go packed once at build time: Brotli to a browser that takes it, gzip to one that takes only gzip, the file itself otherwise", async () => {
    const html = await (await fetch(`${server.url}/about-us`)).text();
    const shell = /\/assets\/shell-[\w-]+\.js/.exec(html)?.[0] ?? "";
    expect(shell, "the page names its shell script").not.toBe("");
    const file = fs.readFileSync(path.join(ROOT, "build/client", shell));

    const br = await rawRequest("GET", shell, {
      "accept-encoding": "gzip, deflate, br, zstd",
    });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toContain("immutable");
    expect(Number(br.headers["content-length"])).toBe(br.body.byteLength);
    expect(zlib.brotliDecompressSync(br.body).equals(file)).toBe(true);

    const gz = await rawRequest("GET", shell, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).equals(file)).toBe(true);
    // The build's highest levels: Brotli's copy is the smaller one.
    expect(br.body.byteLength).toBeLessThan(gz.body.byteLength);

    const plain = await rawRequest("GET", shell, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(file)).toBe(true);
  });
});

describe("slow clients and large forms", () => {
  it("answers / within 2 s while 10 clients drip forms to /contact-us (issue 20, item 2)", async () => {
    const drippers = await Promise.all(Array.from({ length: 10 }, () => openRaw(form(20_000))));
    const stops = drippers.map(drip);
    try {
      // Long enough for every dripper to have reached the page's action on the old code.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const home = await timed(
        fetch(`${server.url}/`, { signal: AbortSignal.timeout(30_000) }).then(async (r) => ({
          status: r.status,
          body: await r.text(),
        })),
      );
      expect(home.value.status).toBe(200);
      expect(home.value.body).toContain("</html>");
      expect(home.ms).toBeLessThan(2000);
      const listing = await timed(fetch(`${server.url}/shop`).then((r) => r.status));
      expect(listing.value).toBe(200);
      expect(listing.ms).toBeLessThan(2000);
      // The drippers are still waiting for their answers: nothing was cut to make room.
      for (const d of drippers) expect(d.received()).toBe("");
    } finally {
      for (const stop of stops) stop();
      for (const d of drippers) d.socket.destroy();
    }
  }, 30_000);

  it("closes a connection whose headers do not arrive within 10 s", async () => {
    const slow = await openRaw(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`);
    const timer = setInterval(() => {
      if (!slow.socket.destroyed) slow.socket.write("X-Slow: 1\r\n");
    }, 1000);
    try {
      const ms = await slow.closed;
      expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
      expect(ms).toBeGreaterThanOrEqual(9_000);
      expect(ms).toBeLessThan(15_000);
    } finally {
      clearInterval(timer);
    }
  }, 30_000);

  it("refuses a 200 MB form with 413 before reading it (issue 20, item 4)", async () => {
    const big = await openRaw(form(200_000_000));
    big.socket.write("message=");
    const ms = await big.closed;
    expect(big.received()).toMatch(/^HTTP\/1\.1 413/);
    expect(big.received()).toContain("The form is too large.");
    expect(ms).toBeLessThan(5000);
  }, 30_000);

  it("refuses a form sent without a length once it passes 64 kB", async () => {
    const chunked = await openRaw(form("chunked"));
    const chunk = "a".repeat(16 * 1024);
    for (let i = 0; i < 5 && !chunked.socket.destroyed; i++) {
      chunked.socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    }
    const ms = await chunked.closed;
    expect(chunked.received()).toMatch(/^HTTP\/1\.1 413/);
    expect(ms).toBeLessThan(5000);
  }, 30_000);

  it("still takes a form within the limit", async () => {
    const res = await fetch(`${server.url}/contact-us`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Rahim", email: "rahim@example.com", message: "ভালো" }),
      redirect: "manual",
    });
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });
});

describe("bad input to a page (issue 21: never a 500)", () => {
  it("answers a NUL in a product's path with the page-not-found screen, and in a search with no results", async () => {
    const product = await fetch(`${server.url}/product-details/%00`);
    expect(product.status).toBe(404);
    expect(await product.text()).toContain("Oops! Page Not Found");
    const search = await fetch(`${server.url}/shop?search=%00&lang=bn`);
    expect(search.status).toBe(200);
    expect(await search.text()).toContain("“\uFFFD”-এর খোঁজের ফলাফল");
  });

  it("shows a NUL in a form's email as a wrong email under its field, in Bengali", async () => {
    const res = await fetch(`${server.url}/authentication/login?lang=bn`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=a%00%40b.co&password=xxxxxxxxxx",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("সঠিক ইমেইল ঠিকানা দিন");
  });

  it("answers a form sent to a path no page has with the page-not-found screen (404, not 405)", async () => {
    const res = await fetch(`${server.url}/no-such-page?lang=bn`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("দুঃখিত! পেজটি পাওয়া যায়নি");
  });

  it("refuses a JSON body or an unreadable form, and asks for the fields of a bodiless post", async () => {
    const json = await fetch(`${server.url}/contact-us`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"a":1}',
    });
    expect(json.status).toBe(415);
    const garbage = await fetch(`${server.url}/contact-us`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=xx" },
      body: "garbage",
    });
    expect(garbage.status).toBe(400);
    const empty = await fetch(`${server.url}/authentication/login`, { method: "POST" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Login");
  });
});

describe("pages that are one visitor's own", () => {
  it("sends checkout (a new order attempt key in every render) private, no-store, not public", async () => {
    const res = await fetch(`${server.url}/product-checkout`);
    expect(res.status).toBe(200);
    expect((await res.text()).includes("idempotencyKey")).toBe(true);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("etag")).toBeNull();
  });
});

describe("request methods", () => {
  /** The headers a cache or a link checker reads, the CSP without its per-answer nonce. */
  const head = (h: http.IncomingHttpHeaders) => ({
    "content-type": h["content-type"],
    "content-encoding": h["content-encoding"],
    "cache-control": h["cache-control"],
    etag: h.etag,
    vary: h.vary,
    "content-security-policy": String(h["content-security-policy"]).replace(/'nonce-[^']+'/, ""),
  });

  it("answers HEAD with the headers of the same GET and no body: pages, guests' cached pages, the API", async () => {
    const browser = { "Accept-Encoding": "gzip, deflate, br, zstd" };
    for (const pathname of ["/about-us", "/shop", "/api/products?limit=2"]) {
      const get = await rawRequest("GET", pathname, browser);
      const asHead = await rawRequest("HEAD", pathname, browser);
      expect(get.status, pathname).toBe(200);
      expect(get.headers.etag, pathname).toBeTruthy();
      expect(asHead.status, pathname).toBe(200);
      expect(head(asHead.headers), pathname).toEqual(head(get.headers));
      expect(asHead.body.byteLength, pathname).toBe(0);
    }
    const missing = await rawRequest("HEAD", "/no-such-page");
    expect(missing.status).toBe(404);
    expect(missing.headers["content-type"]).toMatch(/^text\/html/);
  });

  it("answers TRACE with 501 wherever it is sent, never 500", async () => {
    for (const pathname of ["/shop", "/robots.txt", "/media/1/nothing.webp", "/api/products"]) {
      const res = await rawRequest("TRACE", pathname);
      expect(res.status, pathname).toBe(501);
    }
  });
});

describe("numbers that name something, not amounts", () => {
  it("writes the footer's year in Bengali digits without a digit-group comma", async () => {
    const year = String(new Date(Date.now() + 6 * 3600_000).getUTCFullYear());
    const bengaliYear = year.replace(/[0-9]/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
    const html = await (await fetch(`${server.url}/about-us?lang=bn`)).text();
    expect(html).toContain(`© ${bengaliYear} `);
    expect(html).not.toMatch(/© [০-৯],[০-৯]/);
  });
});
