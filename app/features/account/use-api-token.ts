import { useEffect } from "react";
import { useRootData } from "~/app/lib/root-data";
import { clearApiToken, readApiToken, writeApiToken } from "./auth-client";

/**
 * Spec §4 auth state: while a user is signed in there is an API token in localStorage
 * (JWT_ACCESS_TOKEN); once nobody is signed in it is removed. The server mints the token with
 * the root data of a signed-in page (app/lib/api-token.server.ts), so no request is made here.
 */
export function useApiTokenSync(email: string | null | undefined) {
  const { apiToken } = useRootData();
  useEffect(() => {
    if (!email) {
      clearApiToken();
      return;
    }
    if (apiToken && readApiToken() !== apiToken) writeApiToken(apiToken);
  }, [email, apiToken]);
}
