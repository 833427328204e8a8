import { afterAll } from "vitest";
import { killLeftoverServers, untilBuilt } from "./server-process";

// Before each file: the servers it starts run the production build (scripts/test.sh makes it).
await untilBuilt();

// After each file: a server its failed test never stopped.
afterAll(killLeftoverServers);
