import type { Server } from "node:http";
import path from "node:path";
import * as build from "virtual:react-router/server-build";
import type { Context } from "hono";
import { RouterContextProvider } from "react-router";
import { createHonoServer } from "react-router-hono-server/node";
import { APP_CSS, cspNonceContext, inlineShellScripts } from "../shared/page-shell";
import { PRINT_STYLES } from "../shared/print-styles";
import { getAppContext } from "./bootstrap";
import { mountServerRoutes } from "./http/api";
import { clientAddress, clientAddressContext } from "./http/client-address";
import { compression } from "./http/compression";
import type { AppEnv } from "./http/env";
import { guestPageCache, guestPageHits } from "./http/guest-page-cache";
import { appCacheControl, immutableAssets, privateByDefault } from "./http/http-cache";
import { pagePipeline } from "./http/page-pipeline";
import { reactRouterPages } from "./http/react-router-pages";
import { requestLog } from "./http/request-log";
import { requestMethod } from "./http/request-method";
import { appContext } from "./http/router-context";
import { securityHeaders } from "./http/security-headers";
import { logger } from "./logger";
import { installGracefulShutdown } from "./shutdown";

const ctx = await getAppContext();
const ownCacheControl = appCacheControl();
const guestPages = guestPageCache(ctx.catalogueEvents, {
  maxBytes: ctx.config.PAGE_CACHE_MB * 1024 * 1024,
});

/**
 * What route loaders and actions get from Hono: the app context, the page's CSP nonce, and the
 * connection address that page actions count requests by, as the API does.
 */
function loadContext(c: Context<AppEnv>): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, ctx);
  context.set(cspNonceContext, c.get("cspNonce"));
  context.set(clientAddressContext, clientAddress(c, ctx.config.TRUSTED_PROXIES));
  return context;
}

export default await createHonoServer<AppEnv>({
  port: ctx.config.PORT,
  hostname: ctx.config.HOST,
  defaultLogger: false,
  // @hono/node-server's light Request and Response: an answer built whole (a cached page's
  // bytes, a JSON text) is written in one end() instead of being read back through a web stream
  // (decision 082).
  overrideGlobalObjects: true,
  // The build writes a Brotli and a gzip copy of every script and stylesheet
  // (vite.config.ts): a browser gets the one it takes, packed once at build time.
  serveStaticOptions: { clientAssets: { precompressed: true } },
  // A client must send its headers within 10 s and its whole request within 2 minutes (an 8 MB
  // image on a slow phone connection), checked every second; Node's defaults are a minute and
  // five minutes, checked every 30 s. Pages never wait on a body (page-pipeline.ts).
  customNodeServer: {
    serverOptions: {
      headersTimeout: 10_000,
      requestTimeout: 120_000,
      connectionsCheckingInterval: 1_000,
    },
  },
  beforeAll(app) {
    app.use(requestLog());
    // Outermost after the log: it sees every answer as sent, 304s included (decision 020).
    app.use(
      securityHeaders({
        production: ctx.config.NODE_ENV === "production",
        publicUrl: ctx.config.publicUrl,
        mediaPublicUrl: ctx.config.S3_PUBLIC_URL,
        inlineScripts: inlineShellScripts(),
        inlineStyles: [APP_CSS, ...Object.values(PRINT_STYLES)],
        dev: import.meta.env.DEV,
      }),
    );
    // HEAD answered as its GET (without the body), methods no Request can carry refused.
    app.use(requestMethod());
    // Pages and JSON go out gzipped (the scripts and styles as the build packed them): DESIGN §7
    // budgets are gzip sizes, and a phone on mobile data pays for every uncompressed byte. Images
    // are already compressed.
    app.use(compression());
    app.use("/assets/*", immutableAssets());
    // What nobody marked and may be private is marked private, no-store (outside the page
    // pipeline, which computes the validator of the page as sent).
    app.use(privateByDefault());
    // The library's public-file cache stamp is taken back from answers no file gave.
    app.use(ownCacheControl.restore);
    // A guest's page already rendered: answered here, before any lookup below.
    app.use(guestPageHits(guestPages));
    // Health, media and the API answer before the library's public-file middleware, which would
    // otherwise look for a file on disk on every API call (an order included).
    mountServerRoutes(app, ctx);
  },
  configure(app) {
    app.use(ownCacheControl.record);
    // Last before React Router: guests' pages from the cache, else body, render turn, render,
    // one buffer, scripts, validator.
    app.use(pagePipeline({ guestPages }));
    // In production the pages are answered here, by one React Router handler for the server's
    // life; the development server keeps the library's, which follows the rebuilt app.
    if (import.meta.env.PROD) app.use(reactRouterPages(build, loadContext));
  },
  getLoadContext: loadContext,
  listeningListener(info) {
    logger.info({ port: info.port, url: ctx.config.publicUrl }, "Haat is serving");
    console.log(`\nHaat is running at ${ctx.config.publicUrl}\n`);
    for (const warning of ctx.config.warnings) console.log(`${warning}\n`);
    if (ctx.mailer.kind === "outbox") {
      // Without this line a shop could run for days before noticing no customer gets mail.
      console.log(
        `Email is not being sent: set SMTP_URL. Messages are written to ${path.join(ctx.config.dataDir, "outbox")} instead.\n`,
      );
    }
  },
  onServe(server) {
    if (import.meta.env.PROD) installGracefulShutdown(server as Server, ctx.close);
  },
});
