/** What follows the window's width; one listener on the window serves them all. */
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * `useSyncExternalStore`'s subscribe for the window's width. A listing renders dozens of product
 * cards, each following the width: they share one `resize` listener instead of adding one each
 * while the page hydrates.
 */
export function subscribeToResize(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener("resize", notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("resize", notify);
  };
}
