import { describe, expect, it } from "vitest";
import { freshMemoryCost } from "./fresh-memory";

describe.runIf(process.platform === "linux")("freshMemoryCost", () => {
  it("measures this machine's fresh memory: time per MB and per page fault", () => {
    const cost = freshMemoryCost();
    expect(cost?.msPerMB).toBeGreaterThan(0);
    expect(cost?.microsecondsPerFault).toBeGreaterThan(0);
  });
});
