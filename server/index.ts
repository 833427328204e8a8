import type { Server } from "node:http";
import { compress } from "hono/compress";
import { RouterContextProvider } from "react-router";
import { createHonoServer } from "react-router-hono-server/node";
import { getAppContext } from "./bootstrap";
import { mountServerRoutes } from "./http/api";
import { clientAddress, clientAddressContext } from "./http/client-address";
import type { AppEnv } from "./http/env";
import { immutableAssets, pageRevalidation } from "./http/http-cache";
import { lowPriorityScripts } from "./http/low-priority-scripts";
import { requestLog } from "./http/request-log";
import { logger } from "./logger";
import { installGracefulShutdown } from "./shutdown";

const ctx = await getAppContext();

export default await createHonoServer<AppEnv>({
  port: ctx.config.PORT,
  hostname: ctx.config.HOST,
  defaultLogger: false,
  beforeAll(app) {
    app.use(requestLog());
    // Pages, JSON and the JS/CSS assets go out gzipped: DESIGN §7 budgets are gzip sizes, and a
    // phone on mobile data pays for every uncompressed byte. Images are already compressed.
    app.use(compress());
    app.use("/assets/*", immutableAssets());
    // Outside lowPriorityScripts, so the validator is computed on the HTML as sent.
    app.use(pageRevalidation());
    app.use(lowPriorityScripts());
  },
  configure(app) {
    mountServerRoutes(app, ctx);
  },
  // Page actions (the Contact us form) count requests per connection address, as the API does.
  getLoadContext(c) {
    const context = new RouterContextProvider();
    context.set(clientAddressContext, clientAddress(c));
    return context;
  },
  listeningListener(info) {
    logger.info({ port: info.port, url: ctx.config.publicUrl }, "Haat is serving");
    console.log(`\nHaat is running at ${ctx.config.publicUrl}\n`);
  },
  onServe(server) {
    if (import.meta.env.PROD) installGracefulShutdown(server as Server, ctx.close);
  },
});
