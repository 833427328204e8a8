import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppContext } from "../app-context";
import { signUp } from "../testing/accounts";
import { describeDb, openTestContext, TEST_DB } from "../testing/test-context";
import { MAX_API_BODY_BYTES, mountServerRoutes } from "./api";
import type { AppEnv } from "./env";

/**
 * Body limits behind the Node adapter, as in production (`app.request` hands the app a real
 * Request, which hid a 500 the adapter's own request object caused): a DELETE without a body,
 * a JSON body sent in chunks without Content-Length, and one over the limit.
 */
describeDb(`request body limits over HTTP (${TEST_DB})`, () => {
  let ctx: AppContext;
  let server: ServerType;
  let base: string;

  beforeAll(async () => {
    ctx = await openTestContext();
    const app = new Hono<AppEnv>();
    mountServerRoutes(app, ctx);
    // As react-router-hono-server starts it in production: the global Request stays Node's own.
    server = serve({
      fetch: app.fetch,
      port: 0,
      hostname: "127.0.0.1",
      overrideGlobalObjects: false,
    });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await ctx?.close();
  });

  /** A body sent as a stream: fetch then uses chunked transfer encoding, no Content-Length. */
  function chunked(text: string, pieces = 4): ReadableStream<Uint8Array> {
    const bytes = new TextEncoder().encode(text);
    const size = Math.ceil(bytes.length / pieces);
    let at = 0;
    return new ReadableStream({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.subarray(at, at + size));
        at += size;
      },
    });
  }

  it("deletes an account with a bodiless DELETE", async () => {
    const owner = await signUp(ctx, { email: "bodiless-delete@haat.test" });
    const res = await fetch(`${base}/api/deleteUser/${owner.id}`, {
      method: "DELETE",
      headers: { cookie: owner.cookie },
    });
    expect(res.status).toBe(200);
  });

  it("reads a JSON body sent in chunks", async () => {
    const email = "chunked-body@haat.test";
    const caller = await signUp(ctx, { email });
    const res = await fetch(`${base}/api/jwt`, {
      method: "POST",
      headers: { cookie: caller.cookie, "content-type": "application/json" },
      body: chunked(JSON.stringify({ email })),
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { token: string }).token).toMatch(/\./);
  });

  it("refuses a chunked body over the limit with 413 JSON", async () => {
    const caller = await signUp(ctx, { email: "chunked-large@haat.test" });
    const huge = JSON.stringify({ email: "x".repeat(MAX_API_BODY_BYTES) });
    const res = await fetch(`${base}/api/jwt`, {
      method: "POST",
      headers: { cookie: caller.cookie, "content-type": "application/json" },
      body: chunked(huge, 16),
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: "payload_too_large" } });
  });
});
