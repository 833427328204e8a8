import type { MiddlewareHandler } from "hono";
import { AppError, errorBody } from "../errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Where an OAuth provider sends the browser back: authenticated by Better Auth's `state`, and a
 * provider may POST there from its own site (response_mode=form_post).
 */
const PROVIDER_CALLBACK = /^\/api\/auth\/(callback|oauth2\/callback)\//;

/**
 * Whether a state-changing request comes from another site: its Origin is neither the shop's
 * public origin nor the origin the request was addressed to (a local run on another port or
 * host), or, without Origin, the browser says it is cross-site. A request with neither header
 * (curl, server-to-server, tests) is not a browser's cross-site request and passes.
 */
export function isCrossSiteRequest(
  headers: { origin?: string; secFetchSite?: string },
  ownOrigins: readonly string[],
): boolean {
  if (headers.origin !== undefined) return !ownOrigins.includes(headers.origin);
  const site = headers.secFetchSite;
  return site !== undefined && site !== "same-origin" && site !== "none";
}

/**
 * Refuses POST, PUT, PATCH and DELETE from other sites with 403 `cross_site`, on the API and on
 * page actions alike (docs/decisions/020-web-security.md). SameSite=Lax cookies already keep the
 * session off such requests; this also stops ones that need no session (contact form, orders).
 */
export function refuseCrossSite(publicUrl: string): MiddlewareHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || PROVIDER_CALLBACK.test(c.req.path)) return next();
    const own = [publicOrigin, new URL(c.req.url).origin];
    const crossSite = isCrossSiteRequest(
      { origin: c.req.header("origin"), secFetchSite: c.req.header("sec-fetch-site") },
      own,
    );
    if (!crossSite) return next();
    const error = new AppError(
      "cross_site",
      "This request came from another site and was refused. Please use the shop's own pages.",
    );
    return c.json(errorBody(error), error.status);
  };
}
