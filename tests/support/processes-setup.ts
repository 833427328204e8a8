import { afterAll } from "vitest";
import { killLeftoverServers } from "./server-process";

// After each file: a server its failed test never stopped.
afterAll(killLeftoverServers);
