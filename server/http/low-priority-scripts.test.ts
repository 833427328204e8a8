import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./low-priority-scripts";

async function run(chunks: string[]): Promise<string> {
  const stream = new ReadableStream<string>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  }).pipeThrough(lowPriorityModulePreloads());
  let out = "";
  for await (const part of stream) out += part;
  return out;
}

describe("low-priority module preloads", () => {
  const html =
    '<p>৳ 120</p><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/><link rel="stylesheet" href="x.css"/>';
  const expected = html.replaceAll(
    'rel="modulepreload"',
    'rel="modulepreload" fetchpriority="low"',
  );

  it("marks every modulepreload link low priority and leaves the rest alone", async () => {
    expect(await run([html])).toBe(expected);
  });

  it("finds links split across chunks at any point", async () => {
    for (let i = 1; i < html.length; i++) {
      expect(await run([html.slice(0, i), html.slice(i)])).toBe(expected);
    }
    expect(await run(html.split(""))).toBe(expected);
  });

  it("passes short and empty documents through", async () => {
    expect(await run(["<a>", "", "b"])).toBe("<a>b");
    expect(await run([])).toBe("");
  });
});
