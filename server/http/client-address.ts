import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** The TCP peer's address; headers a client sends are never trusted for this. */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
