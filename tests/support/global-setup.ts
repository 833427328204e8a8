import fs from "node:fs";
import type { TestProject } from "vitest/node";
import { SERVER_ENTRY, type ServerProcess, startServer } from "./server-process";
import { topUpJourneyStock } from "./stock-top-up";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

let server: ServerProcess | undefined;

/** One seeded production server for the browser journeys (built by `npm test` beforehand). */
export async function setup(project: TestProject) {
  if (!fs.existsSync(SERVER_ENTRY)) {
    throw new Error("No production build: run `npm run build` (npm test does it) first");
  }
  // Every journey signs in and orders from 127.0.0.1: the per-address limits would turn a long
  // run into 429s. The limits themselves are tested in server/http/rate-limits.db.test.ts.
  server = await startServer({ AUTH_RATE_LIMIT: "off", RATE_LIMIT: "off" });
  // The seed's stock is a shop's (4–40 pieces); the journeys together buy more than that.
  await topUpJourneyStock(server.url);
  project.provide("baseURL", server.url);
  project.provide("dataDir", server.dataDir);
}

export async function teardown() {
  if (!server) return;
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
