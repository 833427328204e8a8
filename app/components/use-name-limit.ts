import { useSyncExternalStore } from "react";
import { type NameLimitContext, nameLimit } from "~/core/text";
import { subscribeToResize } from "./viewport-width";

/** Widths the server renders for: it cannot know the screen, so it uses the wide-screen limit. */
const SERVER_WIDTH = 1280;

/**
 * Spec §9 name limit for the current viewport width. The server and the hydrating render use the
 * wide-screen limit; the browser then switches to its own width (and follows resizes), which
 * re-renders the component at once: call it from one that renders little more than the name.
 * Pair it with a fixed-height, line-clamped box so the switch moves nothing on the page.
 */
export function useNameLimit(context: NameLimitContext): number {
  return useSyncExternalStore(
    subscribeToResize,
    () => nameLimit(context, window.innerWidth),
    () => nameLimit(context, SERVER_WIDTH),
  );
}
