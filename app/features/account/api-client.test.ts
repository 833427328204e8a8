import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiFetch } from "./api-client";

type Call = { url: string; init?: RequestInit };

describe("apiFetch", () => {
  let calls: Call[];
  let store: Map<string, string>;
  let assigned: string[];
  let answers: Record<string, (init?: RequestInit) => Response>;

  beforeEach(() => {
    calls = [];
    store = new Map();
    assigned = [];
    answers = {};
    vi.stubGlobal("window", {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => store.set(k, v),
        removeItem: (k: string) => store.delete(k),
      },
      location: { assign: (to: string) => assigned.push(to) },
    });
    vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      const answer = answers[url];
      return answer ? answer(init) : new Response("{}", { status: 200 });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const auth = (c: Call | undefined) => new Headers(c?.init?.headers).get("authorization");

  it("sends the stored token as a bearer token", async () => {
    store.set("JWT_ACCESS_TOKEN", "tok-1");
    answers["/api/admin/a@b.c"] = () => Response.json({ admin: false });
    const res = await apiFetch("/api/admin/a@b.c");
    expect(await res.json()).toEqual({ admin: false });
    expect(auth(calls[0])).toBe("Bearer tok-1");
    expect(assigned).toEqual([]);
  });

  it("signs out and goes to the login page on 403", async () => {
    store.set("JWT_ACCESS_TOKEN", "tok-1");
    answers["/api/users"] = () => Response.json({ error: { code: "forbidden" } }, { status: 403 });
    const res = await apiFetch("/api/users");
    expect(res.status).toBe(403);
    expect(calls.map((c) => c.url)).toEqual(["/api/users", "/api/auth/sign-out"]);
    expect(store.has("JWT_ACCESS_TOKEN")).toBe(false);
    expect(assigned).toEqual(["/authentication/login"]);
  });

  it("tries an expired token's call once more on the session cookie", async () => {
    store.set("JWT_ACCESS_TOKEN", "old");
    answers["/api/orders"] = (init) =>
      new Headers(init?.headers).get("authorization")
        ? Response.json({}, { status: 401 })
        : Response.json({ data: [] });
    const res = await apiFetch("/api/orders");
    expect(res.status).toBe(200);
    expect(calls.map((c) => [c.url, auth(c)])).toEqual([
      ["/api/orders", "Bearer old"],
      ["/api/orders", null],
    ]);
    expect(store.has("JWT_ACCESS_TOKEN")).toBe(false);
    expect(assigned).toEqual([]);
  });

  it("signs out on 401 when there is no session to renew from", async () => {
    store.set("JWT_ACCESS_TOKEN", "old");
    answers["/api/orders"] = () => Response.json({}, { status: 401 });
    const res = await apiFetch("/api/orders");
    expect(res.status).toBe(401);
    expect(assigned).toEqual(["/authentication/login"]);
  });
});
