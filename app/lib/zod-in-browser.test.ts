import { afterEach, expect, it } from "vitest";
import { z } from "zod";
import { parseWithoutEval } from "./zod-in-browser";

afterEach(() => {
  z.config({ jitless: undefined });
});

it("turns off Zod's compiled parsers through the settings Zod itself reads", () => {
  expect(z.config().jitless).not.toBe(true);
  parseWithoutEval();
  expect(z.config().jitless).toBe(true);
});
