import { randomBytes } from "node:crypto";

/** Opaque, unguessable ids for URLs (never sequential). */
export function newId(): string {
  return randomBytes(12).toString("base64url");
}
