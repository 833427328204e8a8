import { useEffect, useRef } from "react";
import { type SubmitTarget, useFetcher } from "react-router";
import { type ActionFailure, isActionFailure } from "./field-issues";

/**
 * What a route action answered a fetcher submission:
 * - `failure`: the action refused (an `ActionFailure`: message, code, field issues);
 * - `done`: the action answered something else (its data), and the page's loaders have run again;
 * - `left`: the action redirected to another page (the change was made, this page is gone).
 */
export type RouteActionOutcome =
  | { kind: "failure"; failure: ActionFailure }
  | { kind: "done"; data: unknown }
  | { kind: "left" };

/**
 * Posts to this route's action through a fetcher and resolves with what it answered, so a
 * screen can keep the spec's order: "Are you sure?", the change, then the success or failure
 * notice. A thrown error (a 403 page, a crash) shows the route's error page as React Router
 * does for any action; the promise then stays pending with the page it belonged to.
 */
export function useRouteAction() {
  const fetcher = useFetcher();
  const pending = useRef<{ resolve: (o: RouteActionOutcome) => void; path: string } | null>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || !pending.current) return;
    const { resolve } = pending.current;
    pending.current = null;
    const data: unknown = fetcher.data;
    resolve(isActionFailure(data) ? { kind: "failure", failure: data } : { kind: "done", data });
  }, [fetcher.state, fetcher.data]);

  // A redirect to another page unmounts this one before the fetcher turns idle here.
  useEffect(
    () => () => {
      const waiting = pending.current;
      if (waiting && window.location.pathname !== waiting.path) waiting.resolve({ kind: "left" });
    },
    [],
  );

  function submit(
    target: SubmitTarget,
    options: { action?: string; encType?: "application/x-www-form-urlencoded" } = {},
  ): Promise<RouteActionOutcome> {
    return new Promise((resolve) => {
      pending.current = { resolve, path: window.location.pathname };
      void fetcher.submit(target, { method: "post", ...options });
    });
  }

  return { submit, busy: fetcher.state !== "idle", fetcher };
}
