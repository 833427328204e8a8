import { isRouteErrorResponse } from "react-router";

/**
 * A list page asked with a `cursor` the server refused (400 naming `cursor`: an old, cut or
 * hand-edited "next page" link). The error pages say so and offer the list's first page instead
 * of asking the visitor to try again, which would fail the same way.
 */
export function isBadListCursor(error: unknown): boolean {
  if (!isRouteErrorResponse(error) || error.status !== 400) return false;
  const issues = (error.data as { issues?: unknown } | null)?.issues;
  return (
    Array.isArray(issues) &&
    issues.some((i) => typeof i === "object" && i !== null && i.path === "cursor")
  );
}

/** The same list from its first page: the location without its `cursor`, other filters kept. */
export function firstPageOf(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  params.delete("cursor");
  const query = params.toString();
  return query ? `${location.pathname}?${query}` : location.pathname;
}
