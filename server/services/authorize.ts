import type { Actor } from "~/core/actor";
import { AppError } from "../errors";

/**
 * The services' own admin check: a page action and an API route reach a catalogue write through
 * the same function, so neither can forget the rule (the routers only establish who is calling).
 */
export function assertAdmin(actor: Pick<Actor, "role"> | null): void {
  if (!actor) throw new AppError("unauthorized", "Sign in first");
  if (actor.role !== "admin") throw new AppError("forbidden", "Only admins may do this");
}
