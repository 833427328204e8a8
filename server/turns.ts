/**
 * At most `limit` holders at once; the others wait their turn in arrival order. For work whose
 * memory grows with how much of it runs at once (page renders, password hashes) while running
 * more of it at once would not finish it sooner.
 */
export function turns(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const take = async (): Promise<void> => {
    if (running < limit) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const giveBack = (): void => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    take,
    giveBack,
    /** `work` in its turn; the turn is given back however it ends. */
    async run<T>(work: () => Promise<T>): Promise<T> {
      await take();
      try {
        return await work();
      } finally {
        giveBack();
      }
    },
  };
}
