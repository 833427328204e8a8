import { createContext } from "react-router";
import type { Actor } from "~/core/actor";
import type { AppContext } from "../app-context";

/**
 * What Hono hands React Router for each page request (server/index.ts getLoadContext): the app
 * context, read by every loader and action. No module in app/ reads the server from a global.
 */
export const appContext = createContext<AppContext>();

/**
 * The page request's signed-in user and their session, or null for a guest: resolved once per
 * request by the root middleware (app/lib/context.server.ts), read by the loaders, actions and
 * guards below it.
 */
export const sessionContext = createContext<{ actor: Actor; sessionId: string } | null>();
