import { createContext } from "react-router";

/**
 * The per-request nonce of the page's Content-Security-Policy (server/http/security-headers.ts),
 * handed from the Hono server to React Router's load context and read by app/entry.server.tsx.
 */
export const cspNonceContext = createContext<string | undefined>(undefined);
