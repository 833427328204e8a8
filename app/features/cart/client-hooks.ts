import { useSyncExternalStore } from "react";

const noSubscribe = () => () => {};

/** False during SSR and hydration, true once the page runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

function subscribeResize(listener: () => void) {
  window.addEventListener("resize", listener);
  return () => window.removeEventListener("resize", listener);
}

/** The viewport width for spec §9's name truncation; `fallback` during SSR. */
export function useViewportWidth(fallback = 1280): number {
  return useSyncExternalStore(
    subscribeResize,
    () => window.innerWidth,
    () => fallback,
  );
}
