import type { AppContext } from "../../server/app-context";

/** The process-wide context opened by the server entry, for route loaders and actions. */
export async function serverContext(): Promise<AppContext> {
  const ctx = globalThis.__haatContext;
  if (!ctx) throw new Error("The Haat server context is not open");
  return ctx;
}
