import { useSyncExternalStore } from "react";
import { type NameLimitContext, nameLimit } from "~/core/text";

/** Widths the server renders for: it cannot know the screen, so it uses the wide-screen limit. */
const SERVER_WIDTH = 1280;

function subscribe(listener: () => void) {
  window.addEventListener("resize", listener);
  return () => window.removeEventListener("resize", listener);
}

/**
 * Spec §9 name limit for the current viewport width. The server and the hydrating render use the
 * wide-screen limit; the browser then switches to its own width (and follows resizes). Pair it
 * with a fixed-height, line-clamped box so the switch moves nothing on the page.
 */
export function useNameLimit(context: NameLimitContext): number {
  return useSyncExternalStore(
    subscribe,
    () => nameLimit(context, window.innerWidth),
    () => nameLimit(context, SERVER_WIDTH),
  );
}
