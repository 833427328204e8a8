/** What a route module's `handle` may tell the document around it (app/root.tsx). */
export type PageHandle = {
  /**
   * The page shows Bengali text on its first screen even in English (the home's welcome): the
   * document is marked `data-bengali-first-screen`, so that the page's loader asks for the
   * shop's Bengali face from <head> on a fast link, as on a Bengali page
   * (server/http/deferred-scripts.ts, docs/decisions/088).
   */
  bengaliOnFirstScreen?: boolean;
};

/** Whether any of these route matches shows Bengali text on its first screen. */
export function bengaliOnFirstScreen(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((m) => (m.handle as PageHandle | undefined)?.bengaliOnFirstScreen === true);
}
