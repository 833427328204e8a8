import { useEffect, useState } from "react";

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
