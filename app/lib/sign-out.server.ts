import type { AppContext } from "~/server/app-context";

/**
 * Ends the request's session through Better Auth's own sign-out and hands back its Set-Cookie
 * headers, for the action's response to clear the session cookie in the browser. A session the
 * database no longer has (its account was just deleted) still gets its cookie cleared.
 */
export async function signOutHeaders(ctx: AppContext, request: Request): Promise<Headers> {
  const { headers } = await ctx.auth.api.signOut({
    headers: request.headers,
    returnHeaders: true,
  });
  const cleared = new Headers();
  for (const cookie of headers.getSetCookie()) cleared.append("Set-Cookie", cookie);
  return cleared;
}
