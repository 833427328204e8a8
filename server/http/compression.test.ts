import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compression } from "./compression";

/** What browsers send; and a client that takes gzip alone. */
const BROWSER = { "Accept-Encoding": "gzip, deflate, br, zstd" };
const GZIP = { "Accept-Encoding": "gzip, deflate" };
const BIG = {
  items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Cotton Panjabi ${i}` })),
};

function app() {
  const a = new Hono();
  a.use(compression());
  a.get("/livez", (c) => c.json({ status: "ok" }));
  a.get("/products", (c) => {
    c.header("ETag", '"abc"');
    return c.json(BIG);
  });
  a.get("/raw", (c) => {
    c.header("Cache-Control", "no-transform");
    return c.json(BIG);
  });
  a.get("/page", (c) => c.html(`<!DOCTYPE html><p>${"ধন্যবাদ ".repeat(400)}</p>`));
  a.get("/orders.csv", () => {
    const line = new TextEncoder().encode(`${"1001,Rahim,Dhaka,1250\r\n".repeat(100)}`);
    let sent = 0;
    return new Response(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ === 5) controller.close();
          else controller.enqueue(line);
        },
      }),
      { headers: { "Content-Type": "text/csv; charset=utf-8" } },
    );
  });
  return a;
}

describe("compression", () => {
  it("sends a small JSON answer as it is, with its length, to a browser", async () => {
    const res = await app().request("/livez", { headers: BROWSER });
    expect(res.headers.get("Content-Encoding")).toBeNull();
    expect(res.headers.get("Content-Length")).toBe(String('{"status":"ok"}'.length));
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it.each([
    { client: "a browser", headers: BROWSER, encoding: "br", unpack: brotliDecompressSync },
    {
      client: "a client that takes gzip alone",
      headers: GZIP,
      encoding: "gzip",
      unpack: gunzipSync,
    },
  ])(
    "packs a large JSON answer for $client as $encoding: length of the packed bytes, Vary, a weak ETag",
    async ({ headers, encoding, unpack }) => {
      const res = await app().request("/products", { headers });
      expect(res.headers.get("Content-Encoding")).toBe(encoding);
      expect(res.headers.get("Vary")).toBe("Accept-Encoding");
      expect(res.headers.get("ETag")).toBe('W/"abc"');
      const packed = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get("Content-Length")).toBe(String(packed.byteLength));
      expect(JSON.parse(unpack(packed).toString("utf8"))).toEqual(BIG);
    },
  );

  it("sends the same answer plain, with Vary, to a client that takes no gzip", async () => {
    const res = await app().request("/products");
    expect(res.headers.get("Content-Encoding")).toBeNull();
    expect(res.headers.get("Vary")).toBe("Accept-Encoding");
    expect(res.headers.get("ETag")).toBe('"abc"');
    expect(await res.json()).toEqual(BIG);
  });

  it("leaves an answer marked no-transform alone", async () => {
    const res = await app().request("/raw", { headers: BROWSER });
    expect(res.headers.get("Content-Encoding")).toBeNull();
    expect(await res.json()).toEqual(BIG);
  });

  it("packs a page in Bengali without breaking its characters", async () => {
    const res = await app().request("/page", { headers: BROWSER });
    expect(res.headers.get("Content-Encoding")).toBe("br");
    const text = brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString("utf8");
    expect(text).toBe(`<!DOCTYPE html><p>${"ধন্যবাদ ".repeat(400)}</p>`);
  });

  it("streams a CSV export through gzip without knowing its length first", async () => {
    const res = await app().request("/orders.csv", { headers: BROWSER });
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
    expect(res.headers.get("Content-Length")).toBeNull();
    const text = gunzipSync(Buffer.from(await res.arrayBuffer())).toString("utf8");
    expect(text).toBe("1001,Rahim,Dhaka,1250\r\n".repeat(500));
  });

  it("answers HEAD without a body change", async () => {
    const res = await app().request("/products", { method: "HEAD", headers: BROWSER });
    expect(res.headers.get("Content-Encoding")).toBeNull();
  });
});
