import os from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files of every project run side by side, as many at once as there are cores and at least two
 * (Vitest's default is one fewer than the cores: one on a 2-core machine), and much of a journey's
 * or server test's time is spent waiting on another process. TEST_WORKERS overrides it.
 */
const WORKERS = Number(process.env.TEST_WORKERS) || Math.max(2, os.availableParallelism());

/**
 * Which files start first. The workers take files from one queue: the long server processes and
 * journeys first, so that the many short suites fill in at the end instead of one long file
 * running alone there. A project's files stay together, so that a worker that is not isolated
 * (unit and database suites) goes on to its project's next file instead of a new worker starting.
 */
const PROJECTS_FIRST_TO_LAST = ["processes", "e2e", "db-postgres", "db-pglite", "unit"];

const rank = (spec: TestSpecification) => {
  const index = PROJECTS_FIRST_TO_LAST.indexOf(spec.project.name);
  return index === -1 ? PROJECTS_FIRST_TO_LAST.length : index;
};

/**
 * Files that mostly wait (for pg-boss to give up on a killed server's job, or for the server's
 * 10 s header timeout): each starts beside a file that keeps the cores busy, not beside another
 * one that waits. Three files that compute come between two of them: with two places after the
 * first, the second started while the first still waited, and both cores idled for seconds.
 */
const MOSTLY_WAITING = [
  "tests/processes/courier-crash.test.ts",
  "tests/processes/sms-crash.test.ts",
  "tests/processes/page-pipeline.test.ts",
];

const waits = (spec: TestSpecification) =>
  MOSTLY_WAITING.some((file) => spec.moduleId.endsWith(`/${file}`));

/**
 * Vitest's order within a project (failed first, then longest last time, else largest file), the
 * projects in PROJECTS_FIRST_TO_LAST, and the files that mostly wait every fourth place.
 */
class ProjectsInOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
    const waiting = ordered.filter(waits);
    const rest = ordered.filter((spec) => !waits(spec));
    for (const [i, spec] of waiting.entries()) rest.splice(4 * i, 0, spec);
    return rest;
  }
}

const dbSuite = {
  // One worker process runs file after file (each suite still opens its own database): the
  // server's modules and PGlite's WebAssembly are loaded and compiled once per worker, not once
  // per file (docs/decisions/063). A migrated template per run (tests/support/database-templates.ts).
  isolate: false,
  globalSetup: ["tests/support/database-templates.ts"],
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
          // One seeded server per worker slot, started while other files run (tests/support/shop.ts),
          // on a copy of the run's migrated folder, as the servers of a new shop are.
          globalSetup: ["tests/support/database-templates.ts", "tests/support/global-setup.ts"],
          setupFiles: ["tests/support/e2e-setup.ts"],
          // A worker runs journey file after journey file, loading Playwright and the support
          // modules once (docs/decisions/063); each file still launches its own Chromium.
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        test: {
          name: "processes",
          include: ["tests/processes/**/*.test.ts"],
          // A new shop's servers start on a copy of the run's migrated folder (newShopDataDir).
          globalSetup: ["tests/support/database-templates.ts"],
          setupFiles: ["tests/support/processes-setup.ts"],
          // Their servers are processes of their own: a worker goes on to the next file with the
          // modules it has loaded (the schema, the services the checks read with).
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
