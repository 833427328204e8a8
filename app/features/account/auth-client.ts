import { requestedReturnPath, safeReturnPath } from "../../../core/return-path";

/**
 * Small fetch calls to Better Auth's endpoints under /api/auth (no client library: the
 * storefront's JavaScript budget is tight). Every call answers { ok, data, message }.
 */
export const JWT_STORAGE_KEY = "JWT_ACCESS_TOKEN";

export type AuthResult<T = unknown> =
  | { ok: true; data: T }
  | { ok: false; message: string; code?: string; status: number };

async function post<T>(url: string, body: unknown): Promise<AuthResult<T>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    return { ok: false, status: 0, message: "Network error. Please check your connection." };
  }
  const data = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (res.ok) return { ok: true, data: data as T };
  const nested = data?.error as { message?: string; code?: string } | undefined;
  const message = (typeof data?.message === "string" && data.message) || nested?.message || "";
  const code = (typeof data?.code === "string" && data.code) || nested?.code;
  return { ok: false, status: res.status, message, code };
}

export const authPost = <T = unknown>(path: string, body: unknown) =>
  post<T>(`/api/auth${path}`, body);

export function sendVerificationEmail(email: string) {
  return authPost("/send-verification-email", { email, callbackURL: "/dashboard" });
}

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

export async function signOut() {
  clearApiToken();
  await authPost("/sign-out", {});
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
