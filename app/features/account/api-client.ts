import { clearApiToken, JWT_STORAGE_KEY, readApiToken, signOut } from "./auth-client";

/**
 * The authenticated API client (spec §7/§8): adds `Authorization: Bearer <JWT_ACCESS_TOKEN>`
 * (the session cookie goes along too). An expired token is renewed once from the session; any
 * 401 or 403 that remains signs the user out and sends them to /authentication/login.
 */
export async function apiFetch(input: string, init: RequestInit = {}): Promise<Response> {
  const send = (token: string | null) => {
    const headers = new Headers(init.headers);
    if (token) headers.set("authorization", `Bearer ${token}`);
    if (init.body && typeof init.body === "string" && !headers.has("content-type")) {
      headers.set("content-type", "application/json");
    }
    return fetch(input, { ...init, headers, credentials: "same-origin" });
  };

  let res = await send(readApiToken());
  if (res.status === 401 && readApiToken()) {
    // The token may just have expired: the session cookie can still vouch for the user.
    clearApiToken();
    const renewed = await renewToken();
    if (renewed) res = await send(renewed);
  }
  if (res.status === 401 || res.status === 403) {
    await signOut().catch(() => {});
    window.location.assign("/authentication/login");
  }
  return res;
}

async function renewToken(): Promise<string | null> {
  const session = await fetch("/api/auth/get-session", { credentials: "same-origin" })
    .then((r) => (r.ok ? r.json() : null))
    .catch(() => null);
  const email = session?.user?.email;
  if (typeof email !== "string") return null;
  const res = await fetch("/api/jwt", {
    method: "POST",
    headers: { "content-type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify({ email }),
  });
  if (!res.ok) return null;
  const { token } = (await res.json()) as { token: string };
  window.localStorage.setItem(JWT_STORAGE_KEY, token);
  return token;
}
