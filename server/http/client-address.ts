import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { createContext } from "react-router";

/**
 * The client's address for rate limits: the TCP peer, or behind `trustedProxies` reverse proxies
 * (TRUSTED_PROXIES) the X-Forwarded-For entry the outermost of them added. Entries left of it
 * come from the client and are never trusted; with fewer entries than proxies, the leftmost.
 */
export function clientAddress(c: Context, trustedProxies: number): string {
  let peer: string;
  try {
    peer = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    peer = "unknown";
  }
  return forwardedClient(peer, c.req.header("x-forwarded-for"), trustedProxies);
}

/** The address chain is the header's entries then the peer; the client is `proxies` from its end. */
export function forwardedClient(
  peer: string,
  forwardedFor: string | undefined,
  proxies: number,
): string {
  if (proxies === 0) return peer;
  const chain = [
    ...(forwardedFor ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
    peer,
  ];
  return chain[Math.max(0, chain.length - 1 - proxies)] ?? peer;
}

/** The same address for React Router actions (set by the server's getLoadContext). */
export const clientAddressContext = createContext<string>("unknown");
