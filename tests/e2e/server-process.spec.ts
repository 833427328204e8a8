import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lockDataDir } from "~/server/db/data-dir-lock";
import { freePort, spawnServer, startServer } from "../support/server-process";
import { shop } from "../support/shop";

async function productCount(baseURL: string): Promise<number> {
  const body = await (await fetch(`${baseURL}/api/products?limit=500`)).json();
  return body.data.length;
}

describe("the server process", () => {
  const baseURL = shop().baseURL;
  const dataDir = shop().dataDir;

  it("refuses a second server on the same DATA_DIR and leaves the data intact", async () => {
    const before = await productCount(baseURL);
    expect(before).toBeGreaterThanOrEqual(150);

    const second = spawnServer({ dataDir, port: await freePort() });
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain("is in use by another Haat process");

    expect((await fetch(`${baseURL}/healthz`)).status).toBe(200);
    expect(await productCount(baseURL)).toBe(before);
    expect(fs.existsSync(path.join(dataDir, "haat.lock"))).toBe(true);
  });

  it("on SIGTERM finishes the request in flight, closes the database and exits 0", async () => {
    const server = await startServer({ SEED_DEMO_DATA: "never" });
    // A shop started without SMTP_URL says at once that its mail goes nowhere (issue 20 item 25).
    await expect.poll(() => server.output()).toContain("Email is not being sent: set SMTP_URL.");
    // A POST to a page that takes none is the visitor's mistake: 405, and no stack in the log.
    const stray = await fetch(`http://127.0.0.1:${server.port}/shop`, {
      method: "POST",
      body: new URLSearchParams({ a: "b" }),
    });
    expect(stray.status).toBe(405);
    // A request whose headers are still arriving is in flight: the server must answer it.
    const socket = net.connect(server.port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n");
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    const closed = new Promise((resolve) => socket.once("close", resolve));
    await new Promise((r) => setTimeout(r, 200));

    server.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    socket.end("Connection: close\r\n\r\n");
    await closed;

    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('"status":"ok"');
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain("You made a POST request");
    // The folder's lock went with the process: the next one may take it.
    expect(() => lockDataDir(server.dataDir).release()).not.toThrow();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("stops at start with a clear message when the configuration is invalid", async () => {
    const server = spawnServer({
      dataDir: dataDir,
      port: await freePort(),
      env: { DATABASE_URL: "mysql://nope", PUBLIC_URL: "shop.example" },
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("Invalid configuration");
    expect(server.output()).toContain("DATABASE_URL");
    expect(server.output()).toContain("PUBLIC_URL");
  });
});
