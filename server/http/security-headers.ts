import { createHash, randomFillSync } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { setAnswerHeader } from "./answer";
import type { AppEnv } from "./env";

/**
 * Security headers on every answer (docs/decisions/020-web-security.md). HTML pages get a strict
 * Content-Security-Policy: scripts only from this origin, React Router's inline scripts by a
 * per-request nonce (or, for a page from the guest page cache, by their hashes), and the constant inline blocks of app/root.tsx (theme boot script,
 * inlined stylesheet) by hash. Everything else (JSON, media, redirects) gets a policy that allows
 * nothing, so a response that a browser is tricked into rendering cannot run anything.
 */
export type SecurityHeadersOptions = {
  /** HSTS is sent only when this is true and the shop's public URL is https. */
  production: boolean;
  publicUrl: string;
  /** S3_PUBLIC_URL: /media redirects there, so pages must be allowed to load images from it. */
  mediaPublicUrl?: string;
  /** Exact texts of the inline <script> elements the pages render without a nonce. */
  inlineScripts?: readonly string[];
  /** Exact texts of the inline <style> elements the pages render. */
  inlineStyles?: readonly string[];
  /** Vite's dev server injects <style> elements while editing: allow inline styles there. */
  dev?: boolean;
};

/** For answers that are not pages: nothing may load, and nobody may frame them. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";
export const HSTS = "max-age=31536000";

/** A CSP hash source for an inline element's exact text. */
export function inlineHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

const NONCE_BYTES = 16;
/** Random bytes drawn for many nonces at once, each part used once (as Node's randomUUID does). */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolUsed = noncePool.length;

/** 128 random bits, base64: a fresh one for every request. */
export function newCspNonce(): string {
  if (noncePoolUsed === noncePool.length) {
    randomFillSync(noncePool);
    noncePoolUsed = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolUsed, noncePoolUsed + NONCE_BYTES);
  noncePoolUsed += NONCE_BYTES;
  return nonce;
}

/** The dashboard's pages: /dashboard and everything below it. */
export function isDashboardPath(path: string): boolean {
  return path === "/dashboard" || path.startsWith("/dashboard/");
}

/**
 * The page policy without its nonce: everything except the nonce is fixed at start. Dashboard
 * pages also allow `blob:` images: the product and slide forms preview a chosen file through
 * an object URL before it is uploaded. The storefront never makes one, so it does not get it.
 */
function pagePolicyTemplate(
  options: SecurityHeadersOptions,
): (pageScripts: string, dashboard: boolean) => string {
  const scriptHashes = (options.inlineScripts ?? []).map(inlineHash).join(" ");
  const styleSources = options.dev
    ? "'self' 'unsafe-inline'"
    : ["'self'", ...(options.inlineStyles ?? []).map(inlineHash)].join(" ");
  const mediaOrigin = options.mediaPublicUrl ? new URL(options.mediaPublicUrl).origin : "";
  // https: because a product or slide image may be any https URL the admin entered
  // (core/schemas/common.ts imageRefSchema); images cannot run script.
  const imgSources = ["'self'", "data:", "https:", mediaOrigin].filter(Boolean).join(" ");
  return (pageScripts, dashboard) =>
    [
      "default-src 'self'",
      `script-src 'self' ${pageScripts} ${scriptHashes}`.trim(),
      `style-src ${styleSources}`,
      // style="" attributes (progress bars, the slider's offset) cannot run script.
      "style-src-attr 'unsafe-inline'",
      `img-src ${imgSources}${dashboard ? " blob:" : ""}`,
      // Small font files are inlined into the stylesheet as data: URLs by the build.
      "font-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; ");
}

export function securityHeaders(options: SecurityHeadersOptions): MiddlewareHandler<AppEnv> {
  const pagePolicy = pagePolicyTemplate(options);
  const hsts = options.production && options.publicUrl.startsWith("https://");
  return async (c, next) => {
    const nonce = newCspNonce();
    c.set("cspNonce", nonce);
    await next();
    const headers = setAnswerHeader(c, "X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("X-Frame-Options", "DENY");
    if (hsts) headers.set("Strict-Transport-Security", HSTS);
    // A 304 keeps the policy stored with the page it revalidates: that page carries the nonce of
    // the request that fetched it, so a fresh nonce here would block its scripts.
    if (c.res.status === 304 || headers.has("Content-Security-Policy")) return;
    const isPage = (headers.get("Content-Type") ?? "").startsWith("text/html");
    if (!isPage) {
      headers.set("Content-Security-Policy", NON_PAGE_CSP);
      return;
    }
    // A page from the guest page cache was rendered for another request: its own inline scripts
    // are allowed by their hashes instead of a nonce (guest-page-cache.ts).
    const hashes = c.get("pageScriptHashes");
    const pageScripts = hashes ? hashes.join(" ") : `'nonce-${nonce}'`;
    headers.set("Content-Security-Policy", pagePolicy(pageScripts, isDashboardPath(c.req.path)));
  };
}
