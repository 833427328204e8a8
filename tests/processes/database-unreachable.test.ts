import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, spawnServer, tempDataDir } from "../support/server-process";
import { requireBuild } from "./crash-support";

/**
 * A server whose DATABASE_URL cannot be reached stops at once with one line naming DATABASE_URL,
 * the address and what failed, never the password (issue 20, item 11). Loopback addresses only.
 */

const dataDir = tempDataDir();
const PASSWORD = "s3cret-pass";

beforeAll(requireBuild);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function startWith(databaseUrl: string) {
  const started = Date.now();
  const server = spawnServer({
    dataDir,
    port: await freePort(),
    env: { DATABASE_URL: databaseUrl, SEED_DEMO_DATA: "never" },
  });
  const code = await server.exited;
  return { code, ms: Date.now() - started, output: server.output() };
}

function expectOneClearLine(output: string, address: string, failure: string) {
  const lines = output.split("\n").filter((line) => line.trim() !== "");
  const about = lines.filter((line) => line.includes("DATABASE_URL"));
  expect(about, output).toHaveLength(1);
  expect(about[0]).toContain(address);
  expect(about[0]).toContain(failure);
  expect(output).not.toContain(PASSWORD);
  expect(output, "no stack trace").not.toMatch(/^\s+at /m);
}

describe("an unreachable DATABASE_URL at start", () => {
  it("nothing listening: one line and exit 1, at once", async () => {
    const { code, ms, output } = await startWith(`postgres://haat:${PASSWORD}@127.0.0.1:1/haat`);
    expect(code).toBe(1);
    expectOneClearLine(output, "127.0.0.1:1", "ECONNREFUSED");
    expect(ms).toBeLessThan(15_000);
  }, 60_000);

  it("a listener that never answers: one line and exit 1 after the connect timeout", async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const { code, ms, output } = await startWith(
        `postgres://haat:${PASSWORD}@127.0.0.1:${port}/haat`,
      );
      expect(code).toBe(1);
      expectOneClearLine(output, `127.0.0.1:${port}`, "CONNECT_TIMEOUT");
      // postgres.js alone waits 30 s; the shop gives up after 5.
      expect(ms).toBeLessThan(20_000);
    } finally {
      silent.close();
    }
  }, 60_000);
});
