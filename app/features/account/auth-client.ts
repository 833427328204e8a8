import { requestedReturnPath, safeReturnPath } from "~/core/return-path";

export const JWT_STORAGE_KEY = "JWT_ACCESS_TOKEN";

/** Keeps the API token the server minted (spec §4: localStorage JWT_ACCESS_TOKEN). */
export function writeApiToken(token: string) {
  try {
    window.localStorage.setItem(JWT_STORAGE_KEY, token);
  } catch {
    // storage unavailable (private mode): the session cookie still authenticates
  }
}

export function clearApiToken() {
  try {
    window.localStorage.removeItem(JWT_STORAGE_KEY);
  } catch {
    // ignore
  }
}

export function readApiToken(): string | null {
  try {
    return window.localStorage.getItem(JWT_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** A path inside the shop to return to (one rule for every page: core/return-path.ts). */
export { safeReturnPath };

/** Where sign-in returns to: ?redirectTo= (or ?from=), else the referring shop page, else home. */
export function returnTarget(search: URLSearchParams): string {
  const fromQuery = requestedReturnPath(search);
  if (fromQuery) return fromQuery;
  if (typeof document !== "undefined" && document.referrer) {
    try {
      const ref = new URL(document.referrer);
      if (ref.origin === window.location.origin) {
        const path = safeReturnPath(ref.pathname + ref.search + ref.hash);
        if (path) return path;
      }
    } catch {
      // not a URL
    }
  }
  return "/";
}

/** The login page's address that comes back to `path` after signing in. */
export function loginHref(path: string): string {
  const back = safeReturnPath(path);
  return back && back !== "/"
    ? `/authentication/login?redirectTo=${encodeURIComponent(back)}`
    : "/authentication/login";
}
