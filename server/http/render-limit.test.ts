import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "./env";
import { renderLimit } from "./render-limit";

/**
 * As server/index.ts mounts it: the scope outermost, routes of our own (here `/api/*`, answered
 * at once), the gate, then a page handler that finishes only when the test says so.
 */
function app(limit: number) {
  const rendering: string[] = [];
  const finish = new Map<string, () => void>();
  const hono = new Hono<AppEnv>();
  const limiter = renderLimit(limit);
  hono.use(limiter.scope);
  hono.get("/api/*", (c) => c.json({ path: c.req.path }));
  hono.use(limiter.gate);
  hono.all("*", async (c) => {
    const key = c.req.method === "GET" ? c.req.path : `${c.req.method} ${c.req.path}`;
    rendering.push(key);
    await new Promise<void>((resolve) => finish.set(key, resolve));
    rendering.splice(rendering.indexOf(key), 1);
    if (c.req.path === "/broken") throw new Error("render failed");
    return c.text(c.req.path);
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
  return { hono, rendering, finish: (path: string) => finish.get(path)?.(), settle };
}

describe("renderLimit", () => {
  it("renders at most `limit` pages at once and lets the others in by arrival", async () => {
    const { hono, rendering, finish, settle } = app(2);
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
    const { hono, rendering, finish, settle } = app(1);
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

  it("keeps a turn until the page is complete above the gate (buffered for its ETag)", async () => {
    const rendering: string[] = [];
    let buffered = () => {};
    const hono = new Hono<AppEnv>();
    const limiter = renderLimit(1);
    hono.use(limiter.scope);
    // Stands for the page buffering of server/index.ts: the answer is complete only later.
    hono.use(async (_c, next) => {
      await next();
      await new Promise<void>((resolve) => {
        buffered = resolve;
      });
    });
    hono.use(limiter.gate);
    hono.get("*", (c) => {
      rendering.push(c.req.path);
      return c.text(c.req.path);
    });
    const first = hono.request("/shop");
    const second = hono.request("/cart");
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(rendering).toEqual(["/shop"]);
    buffered();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(rendering).toEqual(["/shop", "/cart"]);
    buffered();
    expect(await (await second).text()).toBe("/cart");
  });

  it("never holds back a route answered before it, whatever the pages in flight", async () => {
    const { hono, rendering, finish, settle } = app(1);
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
