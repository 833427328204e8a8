import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const dbSuite = {
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
        },
      },
      {
        extends: true,
        test: { name: "db-pglite", ...dbSuite, env: { NODE_ENV: "test", TEST_DB: "pglite" } },
      },
      {
        extends: true,
        test: { name: "db-postgres", ...dbSuite, env: { NODE_ENV: "test", TEST_DB: "postgres" } },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.spec.ts"],
          // expect.poll waits for what the user waits for (a sign-in and its navigation hash a
          // password first): Vitest's 1 s default fails such journeys on a busy machine.
          expect: { poll: { timeout: 15_000 } },
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 90_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: "processes",
          include: ["tests/processes/**/*.test.ts"],
          testTimeout: 180_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
