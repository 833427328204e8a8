import { untilShopsRun } from "./shop";

// Before each journey file is loaded: its seeded server runs (tests/support/global-setup.ts).
await untilShopsRun();
