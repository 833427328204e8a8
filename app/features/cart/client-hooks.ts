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
