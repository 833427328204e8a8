import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { createContext } from "react-router";

/** The TCP peer's address; headers a client sends are never trusted for this. */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** The same address for React Router actions (set by the server's getLoadContext). */
export const clientAddressContext = createContext<string>("unknown");
