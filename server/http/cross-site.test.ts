import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { isCrossSiteRequest, refuseCrossSite } from "./cross-site";

const OWN = ["https://haat.example", "http://localhost:3000"];

describe("isCrossSiteRequest", () => {
  it("trusts the shop's own origins and requests without browser headers", () => {
    expect(isCrossSiteRequest({ origin: "https://haat.example" }, OWN)).toBe(false);
    expect(isCrossSiteRequest({ origin: "http://localhost:3000" }, OWN)).toBe(false);
    expect(isCrossSiteRequest({}, OWN)).toBe(false);
    expect(isCrossSiteRequest({ secFetchSite: "same-origin" }, OWN)).toBe(false);
    expect(isCrossSiteRequest({ secFetchSite: "none" }, OWN)).toBe(false);
  });

  it("refuses other origins, opaque origins and browsers that say cross-site or same-site", () => {
    expect(isCrossSiteRequest({ origin: "https://evil.example" }, OWN)).toBe(true);
    expect(isCrossSiteRequest({ origin: "null" }, OWN)).toBe(true);
    expect(isCrossSiteRequest({ origin: "https://haat.example.evil.example" }, OWN)).toBe(true);
    expect(isCrossSiteRequest({ origin: "http://haat.example" }, OWN)).toBe(true);
    expect(isCrossSiteRequest({ secFetchSite: "cross-site" }, OWN)).toBe(true);
    expect(isCrossSiteRequest({ secFetchSite: "same-site" }, OWN)).toBe(true);
  });
});

describe("refuseCrossSite", () => {
  const app = new Hono();
  app.use(refuseCrossSite("https://haat.example/"));
  app.all("/api/contact", (c) => c.json({ ok: true }, 201));
  app.all("/api/auth/callback/google", (c) => c.text("callback"));
  app.all("/cart", (c) => c.text("page action"));

  const send = (path: string, method: string, headers: Record<string, string> = {}) =>
    app.request(`http://localhost:3000${path}`, { method, headers });

  it("answers a cross-site POST, PUT, PATCH and DELETE with 403 cross_site", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const res = await send("/api/contact", method, { Origin: "https://evil.example" });
      expect(res.status, method).toBe(403);
      const body = await res.json();
      expect(body.error.code).toBe("cross_site");
      expect(body.error.message).toMatch(/another site/);
    }
    expect((await send("/cart", "POST", { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
  });

  it("lets reads, its own origins, the request's host and header-less clients through", async () => {
    expect((await send("/api/contact", "GET", { Origin: "https://evil.example" })).status).toBe(
      201,
    );
    expect((await send("/api/contact", "POST", { Origin: "https://haat.example" })).status).toBe(
      201,
    );
    expect((await send("/api/contact", "POST", { Origin: "http://localhost:3000" })).status).toBe(
      201,
    );
    expect((await send("/api/contact", "POST")).status).toBe(201);
  });

  it("lets an OAuth provider post the sign-in result back (Better Auth checks its state)", async () => {
    const res = await send("/api/auth/callback/google", "POST", {
      Origin: "https://accounts.google.com",
    });
    expect(res.status).toBe(200);
  });
});
