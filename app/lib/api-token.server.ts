import type { Actor } from "~/core/actor";
import type { AppContext } from "~/server/app-context";
import { signApiToken } from "~/server/auth/api-token";

/** Tokens are minted for a window of this many seconds: the same token within one window. */
const MINT_WINDOW_SECONDS = 10 * 60;

/**
 * Spec §4's API token (JWT_ACCESS_TOKEN) for the signed-in visitor, handed over with the page's
 * root data instead of a client POST /api/jwt (docs/decisions/039). Issued as of the start of
 * the current 10-minute window, so a page rendered again within it carries the same bytes (its
 * ETag holds) and the token still has most of its hour to run.
 */
export async function apiTokenFor(
  app: AppContext,
  actor: Actor | null,
  sessionId: string | null,
): Promise<string | null> {
  if (!actor || !sessionId) return null;
  const now = Math.floor(Date.now() / 1000);
  const windowStart = now - (now % MINT_WINDOW_SECONDS);
  // Tied to the page's session like every API token (decision 029): it dies with that session.
  return signApiToken(
    app.apiTokenKey,
    { sub: actor.userId, email: actor.email, sid: sessionId },
    windowStart,
  );
}
