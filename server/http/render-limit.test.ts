import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { renderLimit } from "./render-limit";

/** A page handler that finishes only when the test says so, recording who is rendering. */
function app(limit: number) {
  const rendering: string[] = [];
  const finish = new Map<string, () => void>();
  const hono = new Hono();
  hono.use(renderLimit(limit));
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

  it("never holds back the API, media, assets or anything but GET", async () => {
    const { hono, rendering, finish, settle } = app(1);
    const page = hono.request("/shop");
    const others = [
      hono.request("/api/products"),
      hono.request("/media/ab/cd.webp"),
      hono.request("/assets/entry.js"),
      hono.request("/contact-us", { method: "POST" }),
    ];
    await settle();
    const everyone = ["/shop", "/api/products", "/media/ab/cd.webp", "/assets/entry.js"];
    expect(rendering.sort()).toEqual([...everyone, "POST /contact-us"].sort());
    for (const key of [...everyone, "POST /contact-us"]) finish(key);
    await Promise.all([page, ...others]);
  });
});
