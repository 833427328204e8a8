import type { Actor } from "../../core/actor";
import type { AppContext } from "../app-context";

/** Hono variables every API handler can read. */
export type AppEnv = {
  Variables: {
    app: AppContext;
    requestId: string;
    /** This request's CSP nonce (security-headers.ts), for the page's inline scripts. */
    cspNonce: string;
    /** Waits for one of the page render turns (render-limit.ts); set for every request. */
    takeRenderTurn?: () => Promise<void>;
    /** The admin an `adminOnly` route checked (caller.ts), for the service it calls. */
    admin?: Actor;
  };
};
