import { type RefObject, useEffect, useRef, useState } from "react";

/** Set once the first page has hydrated: components mounted later (client navigation) start ready. */
let appHydrated = false;

/** True once React has hydrated the page (buttons that need JavaScript work from then on). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(appHydrated);
  useEffect(() => {
    appHydrated = true;
    setHydrated(true);
  }, []);
  return hydrated;
}

/**
 * A ref whose element gets `data-hydrated` once React has hydrated (or mounted) it: what the
 * browser tests wait for on a page's `<main>`. The attribute is set on the element, not rendered,
 * so a whole product page or listing is not rendered a second time just to show it.
 */
export function useHydratedMark<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    appHydrated = true;
    ref.current?.setAttribute("data-hydrated", "");
  }, []);
  return ref;
}
