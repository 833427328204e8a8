import os from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { ProjectsInOrder } from "./tests/support/sequencer";

/**
 * Files run side by side: at least two at once, because Vitest's default (one fewer than the
 * cores) is one on a 2-core machine, and much of a journey's or server test's time is spent
 * waiting on another process (the server, Chromium, PostgreSQL).
 */
const WORKERS = Math.max(2, os.availableParallelism() - 1);

const dbSuite = {
  // One worker process runs file after file (each suite still opens its own database): loading
  // the server's modules and PGlite once per worker instead of once per file.
  isolate: false,
  include: ["server/**/*.db.test.ts", "app/**/*.db.test.ts"],
  testTimeout: 60_000,
  hookTimeout: 180_000,
};

export default defineConfig({
  // The same "~/" alias as vite.config.ts and tsconfig.json (every project extends this).
  resolve: {
    alias: [{ find: /^~\//, replacement: fileURLToPath(new URL("./", import.meta.url)) }],
  },
  test: {
    maxWorkers: WORKERS,
    sequence: { sequencer: ProjectsInOrder },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "core/**/*.test.ts",
            "server/**/*.test.ts",
            "app/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
          exclude: ["**/*.db.test.ts"],
          env: { NODE_ENV: "test" },
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "db-pglite", ...dbSuite, env: { NODE_ENV: "test", TEST_DB: "pglite" } },
      },
      {
        extends: true,
        test: {
          name: "db-postgres",
          ...dbSuite,
          env: { NODE_ENV: "test", TEST_DB: "postgres" },
          globalSetup: ["tests/support/postgres-template.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.spec.ts"],
          // expect.poll waits for what the user waits for (a sign-in and its navigation hash a
          // password first): Vitest's 1 s default fails such journeys on a busy machine.
          expect: { poll: { timeout: 15_000 } },
          // One seeded server per worker (tests/support/shop.ts).
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 90_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        test: {
          name: "processes",
          include: ["tests/processes/**/*.test.ts"],
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
