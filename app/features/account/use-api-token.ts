import { useEffect } from "react";
import { clearApiToken, readApiToken, storeApiToken } from "./auth-client";

/**
 * Spec §4 auth state: while a user is signed in there is an API token in localStorage
 * (JWT_ACCESS_TOKEN); once nobody is signed in it is removed.
 */
export function useApiTokenSync(email: string | null | undefined) {
  useEffect(() => {
    if (!email) {
      clearApiToken();
      return;
    }
    if (!readApiToken()) void storeApiToken(email);
  }, [email]);
}
