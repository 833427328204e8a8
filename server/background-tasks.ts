import { logger } from "./logger";

/**
 * Work a request starts but does not wait for, such as sending a mail: the answer must not tell,
 * by its timing, whether an address has an account. Failures are logged; `idle` waits for what
 * is still running (shutdown, tests).
 */
export type BackgroundTasks = {
  run: (what: string, task: () => Promise<unknown>) => void;
  /** Resolves when nothing is running, or after `timeoutMs` (a hung mail server must not hold a shutdown). */
  idle: (timeoutMs?: number) => Promise<void>;
};

export function createBackgroundTasks(): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  return {
    run(what, task) {
      const done = Promise.resolve()
        .then(task)
        .catch((err) => logger.error({ err, task: what }, "background task failed"))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async idle(timeoutMs) {
      const drained = (async () => {
        while (running.size > 0) await Promise.allSettled([...running]);
      })();
      if (timeoutMs === undefined) return drained;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          logger.warn({ still: running.size }, "background tasks still running at shutdown");
          resolve();
        }, timeoutMs);
        timer.unref();
      });
      await Promise.race([drained, late]);
      clearTimeout(timer);
    },
  };
}
