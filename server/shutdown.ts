import type { Server } from "node:http";
import { logger } from "./logger";

const FORCE_AFTER_MS = 10_000;

/**
 * SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the database, exit 0.
 * Connections still busy after 10 s are cut so a stuck client cannot hold the shutdown.
 */
export function installGracefulShutdown(server: Server, close: () => Promise<void>) {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => server.closeAllConnections(), FORCE_AFTER_MS);
    force.unref();
    server.close(async () => {
      try {
        await close();
        logger.info("shutdown complete");
        process.exit(0);
      } catch (err) {
        logger.error({ err }, "error while closing");
        process.exit(1);
      }
    });
    server.closeIdleConnections();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
