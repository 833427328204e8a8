import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * Spec §4: product data refetches when the window regains focus, at most once per `minGapMs`
 * (also a tracked order, on Track Order).
 */
export function useRevalidateOnFocus(minGapMs = 15_000) {
  const revalidator = useRevalidator();
  // The first return to the page refetches at once; later ones at most once per minGapMs.
  const last = useRef(Number.NEGATIVE_INFINITY);
  const ref = useRef(revalidator);
  ref.current = revalidator;

  useEffect(() => {
    const onFocus = () => {
      if (document.visibilityState !== "visible") return;
      const now = Date.now();
      if (now - last.current < minGapMs || ref.current.state !== "idle") return;
      last.current = now;
      void ref.current.revalidate();
    };
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onFocus);
    return () => {
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onFocus);
    };
  }, [minGapMs]);
}
