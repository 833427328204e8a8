import { useEffect, useState } from "react";

/** True once React has hydrated the page (buttons that need JavaScript work from then on). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
