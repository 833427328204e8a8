import { describe, expect, it } from "vitest";
import { packageScripts, serveEnv, serveNodeArgs } from "./serve-command";

describe("the bench's servers start as `npm run serve` does", () => {
  it("with its V8 flags and the environment it sets before Node starts", () => {
    expect(serveNodeArgs()).toContain("--heap-growing-percent=10");
    expect(serveNodeArgs()).not.toContain("build/server/index.js");
    expect(serveEnv()).toEqual({
      // React's production build (react and react-dom/server read NODE_ENV when loaded).
      NODE_ENV: process.env.NODE_ENV ?? "production",
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? "131072",
    });
  });

  it("measures what `npm start` runs: the two scripts are the same command", () => {
    const scripts = packageScripts();
    expect(scripts.start).toBe(scripts.serve);
  });
});
