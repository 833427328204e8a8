import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * Spec §2: every route change starts at the top of the page. Links to an anchor (/#new_arrivals)
 * land on it instead, and Back/Forward keep the position React Router's ScrollRestoration restores.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path changes only
  useEffect(() => {
    if (hash || navigationType === "POP") return;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname]);
  return null;
}
