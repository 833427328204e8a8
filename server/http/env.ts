import type { Actor } from "~/core/actor";
import type { AppContext } from "../app-context";

/** Hono variables every API handler can read. */
export type AppEnv = {
  Variables: {
    app: AppContext;
    requestId: string;
    /** This request's CSP nonce (security-headers.ts), for the page's inline scripts. */
    cspNonce: string;
    /**
     * The CSP hashes of the page's own inline scripts, set when the page comes from the guest page
     * cache (guest-page-cache.ts): security-headers.ts then allows these instead of the nonce.
     */
    pageScriptHashes?: readonly string[];
    /** The Cache-Control the app's routes gave their answer, null for none (http-cache.ts). */
    appCacheControl?: string | null;
    /** The admin an `adminOnly` route checked (caller.ts), for the service it calls. */
    admin?: Actor;
    /** The signed-in caller a `signedInOnly` route checked (caller.ts), looked up once. */
    caller?: Actor;
  };
};
