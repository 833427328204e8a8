import type { Auth } from "./auth";

/** Longer than any token Better Auth issues: such a "token" is not looked up at all. */
const MAX_TOKEN_LENGTH = 200;

/**
 * Whether a password-reset link's token can still be used, without using it up: the page says a
 * spent or expired link is dead before the visitor types a new password twice. Better Auth keeps
 * the token as the verification value `reset-password:<token>` (its own GET callback checks the
 * same); its internal adapter reads it however the tokens are stored.
 */
export async function resetLinkIsLive(
  auth: Auth,
  token: string,
  now = new Date(),
): Promise<boolean> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return false;
  const { internalAdapter } = await auth.$context;
  const found = await internalAdapter.findVerificationValue(`reset-password:${token}`);
  return found != null && new Date(found.expiresAt) > now;
}
