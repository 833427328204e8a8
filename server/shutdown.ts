import type { Server, ServerResponse } from "node:http";
import { logger } from "./logger";

const FORCE_AFTER_MS = 10_000;

/**
 * SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the database, exit 0.
 * Connections still busy after 10 s are cut so a stuck client cannot hold the shutdown.
 *
 * Keep-alive: idle connections are closed at once, and every answer given while stopping says
 * `Connection: close` and closes its connection when sent, so a client never starts another
 * request on a connection the server is about to cut (and the shutdown need not wait for
 * the keep-alive timeout).
 */
export function installGracefulShutdown(server: Server, close: () => Promise<void>) {
  let stopping = false;
  const inFlight = new Set<ServerResponse>();

  const closeWhenAnswered = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader("connection", "close");
    // An answer whose headers went out as keep-alive: its connection is idle once it is sent.
    res.once("finish", () => setImmediate(() => server.closeIdleConnections()));
  };

  // Before the app's own listener, so the header is set before the app can answer.
  server.prependListener("request", (_req, res) => {
    if (stopping) return closeWhenAnswered(res);
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
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
    for (const res of inFlight) closeWhenAnswered(res);
    // Logged once the listener is closed: from this line on, new connections are refused.
    logger.info({ signal, inFlight: inFlight.size }, "shutting down: finishing in-flight requests");
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
