import { afterEach, beforeEach } from "vitest";
import { testEnds, testStarts } from "./page-pool";
import { untilShopsRun } from "./shop";

// Before each journey file is loaded: its seeded server runs (tests/support/global-setup.ts).
await untilShopsRun();

// What a test leaves open goes back to the file's pool of tabs (tests/support/page-pool.ts).
beforeEach(testStarts);
afterEach(testEnds);
