/**
 * At most `limit` holders at once; the others wait their turn in arrival order. For work whose
 * memory grows with how much of it runs at once (page renders, password hashes) while running
 * more of it at once would not finish it sooner.
 */
export function turns(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    /** `work` in its turn; the turn is given back however it ends. */
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < limit) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}
