import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "../logger";
import type { AppEnv } from "./env";
import { requestLog } from "./request-log";
import { securityHeaders } from "./security-headers";

function app() {
  const app = new Hono<AppEnv>();
  app.use(requestLog());
  app.use(securityHeaders({ production: false, publicUrl: "http://localhost:3000" }));
  app.onError((_err, c) => c.text("Something went wrong", 500));
  app.get("/json", (c) => c.json({ ok: true }));
  app.get("/moved", () => Response.redirect("http://localhost:3000/json", 302));
  app.get("/broken", () => {
    throw new Error("boom");
  });
  return app;
}

describe("the request id", () => {
  it("echoes a well-formed id the caller sent, on an answer whose body is unchanged", async () => {
    const res = await app().request("/json", { headers: { "X-Request-Id": "order-42.a" } });
    expect(res.headers.get("x-request-id")).toBe("order-42.a");
    expect(await res.json()).toEqual({ ok: true });
  });

  it("makes one up when the caller sent none or a malformed one", async () => {
    const none = await app().request("/json");
    const bad = await app().request("/json", { headers: { "X-Request-Id": "a b<script>" } });
    for (const res of [none, bad]) {
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(none.headers.get("x-request-id")).not.toBe(bad.headers.get("x-request-id"));
  });

  it("is on redirects, whose headers are immutable, and on errors", async () => {
    const moved = await app().request("/moved", { headers: { "X-Request-Id": "r1" } });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe("http://localhost:3000/json");
    expect(moved.headers.get("x-request-id")).toBe("r1");
    expect(moved.headers.get("x-content-type-options")).toBe("nosniff");
    const broken = await app().request("/broken", { headers: { "X-Request-Id": "r2" } });
    expect(broken.status).toBe(500);
    expect(broken.headers.get("x-request-id")).toBe("r2");
  });
});

describe("the request's log line", () => {
  afterEach(() => vi.restoreAllMocks());

  it("says 499, not 500, when the visitor went away before the answer; a real 500 stays 500", async () => {
    const lines: unknown[] = [];
    vi.spyOn(logger, "info").mockImplementation(((line: unknown) => {
      lines.push(line);
    }) as typeof logger.info);
    const left = new AbortController();
    const shop = new Hono<AppEnv>();
    shop.use(requestLog());
    // As React Router answers an action whose request was aborted meanwhile.
    shop.post("/authentication/login", (c) => {
      left.abort("Client connection prematurely closed.");
      return c.text("aborted", 500);
    });
    shop.get("/broken", (c) => c.text("Something went wrong", 500));
    await shop.request("/authentication/login", { method: "POST", signal: left.signal });
    await shop.request("/broken");
    expect(lines).toMatchObject([
      { method: "POST", path: "/authentication/login", status: 499 },
      { method: "GET", path: "/broken", status: 500 },
    ]);
  });
});
