import { useSyncExternalStore } from "react";
import { type NameLimitContext, nameLimit } from "~/core/text";

/** Widths the server renders for: it cannot know the screen, so it uses the wide-screen limit. */
const SERVER_WIDTH = 1280;

/** The components that follow the window's width: one `resize` listener serves them all. */
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * `useSyncExternalStore`'s subscribe for the window's width. A listing renders dozens of cut
 * names: they share one listener instead of adding one each while the page hydrates.
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
 * Spec §9 name limit for the current viewport width. The server and the hydrating render use the
 * wide-screen limit; the browser then switches to its own width (and follows resizes), which
 * re-renders the component at once: in a grid, call it from one that renders little more than
 * the name. Pair it with a fixed-height, line-clamped box so the switch moves nothing on the page.
 */
export function useNameLimit(context: NameLimitContext): number {
  return useSyncExternalStore(
    subscribeToResize,
    () => nameLimit(context, window.innerWidth),
    () => nameLimit(context, SERVER_WIDTH),
  );
}
