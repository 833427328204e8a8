import { clearApiToken, readApiToken, signOut } from "./auth-client";

/**
 * The authenticated API client (spec §7/§8): adds `Authorization: Bearer <JWT_ACCESS_TOKEN>`
 * (the session cookie goes along too). An expired token is dropped and the call tried once more
 * on the session cookie (the next page data brings a fresh token); any 401 or 403 that remains
 * signs the user out and sends them to /authentication/login.
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
    res = await send(null);
  }
  if (res.status === 401 || res.status === 403) {
    await signOut().catch(() => {});
    window.location.assign("/authentication/login");
  }
  return res;
}
