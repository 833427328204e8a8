import { useSyncExternalStore } from "react";
import { subscribeToResize } from "~/app/components/viewport-width";

const noSubscribe = () => () => {};

/** False during SSR and hydration, true once the page runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

/** The viewport width for spec §9's name truncation; `fallback` during SSR. */
export function useViewportWidth(fallback = 1280): number {
  return useSyncExternalStore(
    subscribeToResize,
    () => window.innerWidth,
    () => fallback,
  );
}
