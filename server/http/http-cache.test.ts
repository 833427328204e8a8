import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "./env";
import {
  GUEST_PAGE_CACHE_CONTROL,
  IMMUTABLE_CACHE_CONTROL,
  immutableAssets,
  matchesIfNoneMatch,
  SIGNED_IN_PAGE_CACHE_CONTROL,
  weakEtag,
} from "./http-cache";
import { pagePipeline } from "./page-pipeline";

describe("validators", () => {
  it("are weak, stable and differ with the body", () => {
    expect(weakEtag("a")).toMatch(/^W\/"[\w-]{27}"$/);
    expect(weakEtag("a")).toBe(weakEtag("a"));
    expect(weakEtag("a")).not.toBe(weakEtag("b"));
  });

  it("match If-None-Match by weak comparison, in a list or as *", () => {
    const etag = 'W/"abc"';
    expect(matchesIfNoneMatch('W/"abc"', etag)).toBe(true);
    expect(matchesIfNoneMatch('"abc"', etag)).toBe(true);
    expect(matchesIfNoneMatch('W/"x", W/"abc"', etag)).toBe(true);
    expect(matchesIfNoneMatch("*", etag)).toBe(true);
    expect(matchesIfNoneMatch('W/"abd"', etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
  });
});

describe("page revalidation (in the page pipeline)", () => {
  const app = new Hono<AppEnv>();
  app.use(pagePipeline());
  app.get("/page", (c) => c.html("<p>Haat</p>"));
  app.get("/sets-cookie", (c) => {
    c.header("Set-Cookie", "a=1");
    return c.html("<p>cookie</p>");
  });
  app.get("/json", (c) => c.json({ a: 1 }));
  app.get("/missing", (c) => c.html("<p>Oops! Page Not Found</p>", 404));

  it("gives a guest's page a validator, shared-cache revalidation and Vary: Cookie", async () => {
    const res = await app.request("/page");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("<p>Haat</p>");
    expect(res.headers.get("ETag")).toBe(weakEtag("<p>Haat</p>"));
    expect(res.headers.get("Cache-Control")).toBe(GUEST_PAGE_CACHE_CONTROL);
    expect(res.headers.get("Vary")).toBe("Cookie");
  });

  it("keeps a signed-in user's page out of shared caches", async () => {
    const res = await app.request("/page", {
      headers: { cookie: "better-auth.session_token=abc" },
    });
    expect(res.headers.get("Cache-Control")).toBe(SIGNED_IN_PAGE_CACHE_CONTROL);
  });

  it("answers 304 without a body when the browser's copy is current", async () => {
    const etag = (await app.request("/page")).headers.get("ETag") ?? "";
    const res = await app.request("/page", { headers: { "If-None-Match": etag } });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe("");
    expect(res.headers.get("ETag")).toBe(etag);
    const changed = await app.request("/page", { headers: { "If-None-Match": 'W/"old"' } });
    expect(changed.status).toBe(200);
  });

  it("leaves answers that set a cookie, errors and non-HTML alone", async () => {
    for (const path of ["/sets-cookie", "/json", "/missing"]) {
      const res = await app.request(path);
      expect(res.headers.get("ETag"), path).toBeNull();
      expect(res.headers.get("Cache-Control"), path).toBeNull();
    }
  });
});

it("marks hashed assets immutable for a year", async () => {
  const app = new Hono();
  app.use("/assets/*", immutableAssets());
  app.get("/assets/entry-abc123.js", (c) => c.text("export {}"));
  const res = await app.request("/assets/entry-abc123.js");
  expect(res.headers.get("Cache-Control")).toBe(IMMUTABLE_CACHE_CONTROL);
  expect((await app.request("/assets/missing.js")).headers.get("Cache-Control")).toBeNull();
});
