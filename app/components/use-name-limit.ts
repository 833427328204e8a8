import { useEffect, useState } from "react";
import { type NameLimitContext, nameLimit } from "~/core/text";

/** Widths the server renders for: it cannot know the screen, so it uses the wide-screen limit. */
const SERVER_WIDTH = 1280;

/** The components that follow the window's width: one `resize` listener serves them all. */
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * Calls `listener` on every resize. A listing renders dozens of cut names: they share one
 * listener instead of adding one each while the page hydrates.
 */
function subscribeToResize(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener("resize", notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("resize", notify);
  };
}

/**
 * Whether the storefront's content has hydrated: a name mounted from then on (another page opened
 * in the app, the cart's lines read from the browser, Show Me More) starts at the screen's limit.
 * Every cut name sits in the storefront's one content boundary (app/features/storefront/shell.tsx),
 * where `ContentHydrated` sets this first; the root hydrates before that boundary, so its own
 * mark (data-hydrated) comes too early to tell.
 */
let screenKnown = false;

/** Put first in the storefront's content boundary: its effect runs once that has hydrated. */
export function ContentHydrated(): null {
  useEffect(() => {
    screenKnown = true;
  }, []);
  return null;
}

/**
 * Spec §9 name limit for the current viewport width. The server and the hydrating render use the
 * wide-screen limit; the browser then switches to its own width in an effect (and follows
 * resizes), a render of its own after hydration. (With `useSyncExternalStore` the switch was a
 * synchronous re-render of every card inside the task that finishes hydrating, one long task on
 * a phone: docs/decisions/102.) Pair it with a fixed-height, line-clamped box so the switch moves
 * nothing on the page.
 */
export function useNameLimit(context: NameLimitContext): number {
  const [limit, setLimit] = useState(() =>
    nameLimit(context, screenKnown ? window.innerWidth : SERVER_WIDTH),
  );
  useEffect(() => {
    const follow = () => setLimit(nameLimit(context, window.innerWidth));
    follow();
    return subscribeToResize(follow);
  }, [context]);
  return limit;
}
