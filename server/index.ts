import type { Server } from "node:http";
import { compress } from "hono/compress";
import { RouterContextProvider } from "react-router";
import { createHonoServer } from "react-router-hono-server/node";
import appCss from "../app/app.css?inline";
import { EARLY_TAP_SCRIPT } from "../app/early-taps";
import { BENGALI_FONT_SCRIPT, takaFontScript } from "../app/font-boot";
import { cspNonceContext } from "../app/lib/csp-nonce";
import { THEME_BOOT_SCRIPT } from "../app/theme";
import { getAppContext } from "./bootstrap";
import { mountServerRoutes } from "./http/api";
import { clientAddress, clientAddressContext } from "./http/client-address";
import { deferredScripts } from "./http/deferred-scripts";
import type { AppEnv } from "./http/env";
import { immutableAssets, pageRevalidation } from "./http/http-cache";
import { PAGE_RENDERS_AT_ONCE, renderLimit } from "./http/render-limit";
import { requestLog } from "./http/request-log";
import { appContext } from "./http/router-context";
import { securityHeaders } from "./http/security-headers";
import { logger } from "./logger";
import { installGracefulShutdown } from "./shutdown";

const ctx = await getAppContext();
const pageRenders = renderLimit(PAGE_RENDERS_AT_ONCE);

export default await createHonoServer<AppEnv>({
  port: ctx.config.PORT,
  hostname: ctx.config.HOST,
  defaultLogger: false,
  beforeAll(app) {
    app.use(requestLog());
    // Outermost after the log: it sees every answer as sent, 304s included (decision 020).
    app.use(
      securityHeaders({
        production: ctx.config.NODE_ENV === "production",
        publicUrl: ctx.config.publicUrl,
        mediaPublicUrl: ctx.config.S3_PUBLIC_URL,
        inlineScripts: [THEME_BOOT_SCRIPT, EARLY_TAP_SCRIPT, takaFontScript(), BENGALI_FONT_SCRIPT],
        inlineStyles: [appCss],
        dev: import.meta.env.DEV,
      }),
    );
    // Pages, JSON and the JS/CSS assets go out gzipped: DESIGN §7 budgets are gzip sizes, and a
    // phone on mobile data pays for every uncompressed byte. Images are already compressed.
    app.use(compress());
    app.use("/assets/*", immutableAssets());
    // Two pages rendered at a time hold less memory than twenty, for the same pages per second;
    // a turn lasts until the page below is buffered and answered.
    app.use(pageRenders.scope);
    // Outside deferredScripts, so the validator is computed on the HTML as sent.
    app.use(pageRevalidation());
    app.use(deferredScripts());
  },
  configure(app) {
    mountServerRoutes(app, ctx);
    // Last before React Router, so only pages wait for a render turn.
    app.use(pageRenders.gate);
  },
  // What route loaders and actions get from Hono: the app context, the page's CSP nonce, and the
  // connection address that page actions count requests by, as the API does.
  getLoadContext(c) {
    const context = new RouterContextProvider();
    context.set(appContext, ctx);
    context.set(cspNonceContext, c.get("cspNonce"));
    context.set(clientAddressContext, clientAddress(c, ctx.config.TRUSTED_PROXIES));
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
