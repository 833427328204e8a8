import type { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppContext } from "../app-context";
import { pingDatabase } from "../db/client";
import { isUnstorableText } from "../db/errors";
import { AppError, errorBody, INTERNAL_ERROR_BODY, RateLimitedError } from "../errors";
import { logger } from "../logger";
import { accountsApi } from "./accounts";
import { renderApiDocs } from "./api-docs";
import { bodyLimit } from "./body-limit";
import { contactApi } from "./contact";
import { couriersApi, webhooksApi } from "./couriers";
import { refuseCrossSite } from "./cross-site";
import type { AppEnv } from "./env";
import { catalogueApiCache } from "./http-cache";
import { imagesApi } from "./images";
import { createMediaRoutes } from "./media";
import { notificationsApi } from "./notifications";
import { completeApiDocument } from "./openapi-document";
import { orderCallsApi } from "./order-calls";
import { ordersApi } from "./orders";
import { productsApi } from "./products";
import { createRouter } from "./router";
import { slidesApi } from "./slides";
import { trackApi } from "./track";

/**
 * The largest body any API request may send, checked before anything reads it (a route may set
 * a lower limit of its own). The image upload alone sets a higher one.
 */
export const MAX_API_BODY_BYTES = 64 * 1024;
const OWN_BODY_LIMIT = ["/images"];

export const OPENAPI_INFO = {
  openapi: "3.0.3",
  info: {
    title: "Haat API",
    version: "1",
    description:
      "JSON API of the Haat shop, under /api. Errors: `{ error: { code, message, issues? } }`. " +
      "Sign in with the session cookie (Better Auth, /api/auth) or a bearer token from /api/jwt.",
  },
} as const;

const API_DOCS_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The JSON API under /api: every resource router (Better Auth is under accountsApi) and the OpenAPI document. */
export function createApi(ctx: AppContext) {
  const api = createRouter();
  api.use(async (c, next) => {
    c.set("app", ctx);
    await next();
  });

  const boundedBody = bodyLimit(MAX_API_BODY_BYTES, "The request body is too large");
  api.use(async (c, next) => {
    if (OWN_BODY_LIMIT.some((path) => c.req.path.endsWith(path))) return next();
    return boundedBody(c, next);
  });

  // Public catalogue reads: cached in process until the next catalogue change, with ETags.
  const cached = catalogueApiCache(ctx);
  for (const path of ["/products", "/product/:id", "/getSliders", "/getSlider/:id"]) {
    api.use(path, cached);
  }

  api.route("/", productsApi);
  api.route("/", slidesApi);
  api.route("/", contactApi);
  api.route("/", ordersApi);
  api.route("/", orderCallsApi);
  api.route("/", trackApi);
  api.route("/", accountsApi);
  api.route("/", imagesApi);
  api.route("/", couriersApi);
  api.route("/", webhooksApi);
  api.route("/", notificationsApi);

  const document = () => completeApiDocument(api.getOpenAPIDocument({ ...OPENAPI_INFO }));
  api.get("/openapi.json", (c) => c.json(document()));
  api.get("/docs", (c) => {
    // A static reader page: its own inline <style>, nothing else.
    c.header("Content-Security-Policy", API_DOCS_CSP);
    return c.html(renderApiDocs(document()));
  });

  // Last route: a sub-app's notFound is not consulted once mounted, and unknown API paths must
  // not fall through to the HTML pages. A path that exists for other methods is 405 with them.
  const methodsOf = routeMethods(api.routes);
  api.all("*", (c) => {
    // Mounted under /api (mountServerRoutes), the routes are registered without it.
    const allowed = methodsOf(c.req.path.replace(/^\/api(?=\/)/, ""));
    if (allowed.length > 0) {
      c.header("Allow", allowed.join(", "));
      const message = `${c.req.path} takes ${allowed.join(", ")}, not ${c.req.method}`;
      return c.json(errorBody(new AppError("method_not_allowed", message)), 405);
    }
    return c.json(
      errorBody(new AppError("not_found", `No API route ${c.req.method} ${c.req.path}`)),
      404,
    );
  });
  api.onError((err, c) => {
    if (err instanceof RateLimitedError) c.header("Retry-After", String(err.retryAfter));
    if (err instanceof AppError) return c.json(errorBody(err), err.status);
    if (err instanceof HTTPException && err.status < 500) {
      const code = err.status === 413 ? "payload_too_large" : "invalid";
      return c.json(errorBody(new AppError(code, err.message || "Bad request")), err.status);
    }
    if (isUnstorableText(err)) {
      return c.json(errorBody(new AppError("invalid", "Text may not contain NUL characters")), 400);
    }
    logger.error({ err, requestId: c.var.requestId }, "unhandled API error");
    return c.json(INTERNAL_ERROR_BODY, 500);
  });
  return api;
}

/** Hono app with the routes that sit beside React Router: health, media and the API. */
export function mountServerRoutes(app: Hono<AppEnv>, ctx: AppContext) {
  // Before every route, the pages' actions included (React Router is mounted after these).
  app.use(refuseCrossSite(ctx.config.publicUrl));
  // Liveness without the database (/healthz is readiness): also the bench's bare JSON route.
  app.get("/livez", (c) => c.json({ status: "ok" }));
  app.get("/healthz", async (c) => {
    try {
      await pingDatabase(ctx.db);
      return c.json({ status: "ok", database: ctx.database.kind });
    } catch (err) {
      logger.error({ err }, "health check failed");
      return c.json({ status: "error", database: ctx.database.kind }, 503);
    }
  });
  app.route("/media", createMediaRoutes(ctx));
  app.route("/api", createApi(ctx));
}

/**
 * The methods each API path answers, from the routes registered so far (`/products/:id` matches
 * `/api/products/abc`); HEAD goes with GET.
 */
export function routeMethods(
  routes: readonly { method: string; path: string }[],
): (path: string) => string[] {
  const patterns = routes
    .filter((r) => r.method !== "ALL")
    .map((r) => ({
      method: r.method,
      pattern: new RegExp(
        `^${r.path
          .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
          .replace(/:[^/]+/g, "[^/]+")
          .replace(/\*/g, ".*")}$`,
      ),
    }));
  return (path) => {
    const methods = new Set(patterns.filter((p) => p.pattern.test(path)).map((p) => p.method));
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  };
}
