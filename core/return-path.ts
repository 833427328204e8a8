import { hasControlCharacter } from "./text";

/**
 * Where a page may send the visitor back to after signing in (`?redirectTo=`, `?from=`, the
 * referring page): a path of this shop and nothing else.
 *
 * Browsers drop tabs and newlines from a URL and read `\` as `/`, so `/\t/evil.example` or
 * `/\n/evil.example` becomes `//evil.example`, another host. Anything with a control character,
 * a backslash or a second leading slash is therefore refused, as are the sign-in pages
 * themselves (a loop) and the API.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  if (hasControlCharacter(value) || value.includes("\\")) return null;
  if (value.startsWith("/authentication/") || value.startsWith("/api/")) return null;
  // The browser's own reading must agree: same origin, same path.
  const base = "http://shop.invalid";
  let parsed: URL;
  try {
    parsed = new URL(value, base);
  } catch {
    return null;
  }
  if (parsed.origin !== base) return null;
  return value;
}

/** The path to return to after signing in: the first safe one of `candidates`, else home. */
export function returnPathOr(candidates: (string | null | undefined)[], fallback = "/"): string {
  for (const candidate of candidates) {
    const path = safeReturnPath(candidate);
    if (path) return path;
  }
  return fallback;
}

/** The return path a sign-in page was given: `?redirectTo=`, else `?from=`, else null. */
export function requestedReturnPath(search: URLSearchParams): string | null {
  return safeReturnPath(search.get("redirectTo")) ?? safeReturnPath(search.get("from"));
}
