import { describe, expect, it } from "vitest";
import { createBackgroundTasks } from "./background-tasks";

describe("background tasks", () => {
  it("runs a task without the caller waiting, and idle waits for it", async () => {
    const tasks = createBackgroundTasks();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let done = false;
    tasks.run("held", async () => {
      await gate;
      done = true;
    });
    tasks.run("fails", async () => {
      throw new Error("mail server down");
    });
    expect(done).toBe(false);
    const idle = tasks.idle();
    release();
    await idle;
    expect(done).toBe(true);
  });

  it("gives up waiting after the timeout", async () => {
    const tasks = createBackgroundTasks();
    tasks.run("hung", () => new Promise(() => {}));
    const started = Date.now();
    await tasks.idle(50);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
