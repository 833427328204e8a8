import { defineConfig } from "vitest/config";

const dbSuite = {
  include: ["server/**/*.db.test.ts"],
  testTimeout: 60_000,
  hookTimeout: 180_000,
};

export default defineConfig({
  test: {
    projects: [
      {
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
      { test: { name: "db-pglite", ...dbSuite, env: { NODE_ENV: "test", TEST_DB: "pglite" } } },
      { test: { name: "db-postgres", ...dbSuite, env: { NODE_ENV: "test", TEST_DB: "postgres" } } },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.spec.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 90_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
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
