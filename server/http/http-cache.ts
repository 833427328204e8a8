import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { AppContext } from "../app-context";
import { replaceAnswer } from "./answer";
import { THRESHOLD } from "./compression";
import type { AppEnv } from "./env";
import { copyFor, type PackedCopies, packedCopies } from "./packed-copies";

/**
 * Public catalogue reads may be stored anywhere, but every use is revalidated: an admin who
 * changes a product sees the change on the next request (a 304 costs one round trip and no body).
 */
export const API_READ_CACHE_CONTROL = "public, max-age=0, must-revalidate";
/** A guest's page: the same for every guest, so shared caches may keep it; always revalidated. */
export const GUEST_PAGE_CACHE_CONTROL = "public, no-cache";
/** A signed-in user's page shows their name and menu: only their own browser may keep it. */
export const SIGNED_IN_PAGE_CACHE_CONTROL = "private, no-cache";
/** An answer that belongs to one person (their orders, their session): no cache may keep it. */
export const PRIVATE_NO_STORE = "private, no-store";
/** Hashed build assets never change under the same URL. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Longer URLs (long search strings) are answered but not kept. */
export const MAX_CACHED_URL = 512;

/**
 * A weak validator from the body's hash: weak, because compression changes the bytes sent. The
 * same for a text and its UTF-8 bytes.
 */
export function weakEtag(body: string | Uint8Array): string {
  return weakEtagOfParts([body]);
}

/** `weakEtag` of the parts' concatenation, without making it. */
function weakEtagOfParts(parts: Iterable<string | Uint8Array>): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

/** RFC 9110 weak comparison of an If-None-Match header against the current validator. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === wanted);
}

/** The request carries a session cookie (Better Auth's `session_token`, any prefix). */
export function hasSessionCookie(c: Context): boolean {
  return c.req.header("cookie")?.includes("session_token") ?? false;
}

/** A session cookie or an Authorization header: the answer may be about this caller only. */
function carriesCredentials(c: Context): boolean {
  return hasSessionCookie(c) || c.req.header("authorization") !== undefined;
}

type CachedBody = { body: string; etag: string; contentType: string };
/** A catalogue read as kept: its text when it is too small to pack, else its packed copies. */
type CachedApiRead = { etag: string; contentType: string } & ({ body: string } | PackedCopies);

class NotCacheable extends Error {}

/** A packed catalogue read: revalidated on every use, in the encoding each client takes. */
const ONE_READ_FOR_EVERY_ENCODING = {
  "Cache-Control": API_READ_CACHE_CONTROL,
  Vary: "Accept-Encoding",
};

function answer(
  c: Context,
  cached: CachedBody,
  cacheControl: string,
  extra: Record<string, string> = {},
) {
  const headers = { ETag: cached.etag, "Cache-Control": cacheControl, ...extra };
  if (matchesIfNoneMatch(c.req.header("if-none-match"), cached.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(cached.body, {
    status: 200,
    headers: { ...headers, "Content-Type": cached.contentType },
  });
}

/**
 * GET answers of the public catalogue API (product pages and lists, slides) from the in-process
 * catalogue cache, keyed by path and query, with an ETag and revalidation headers; 304 when the
 * client's copy is current. Only 200 answers are kept; errors pass through untouched.
 */
export function catalogueApiCache(ctx: AppContext): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== "GET") return next();
    const url = new URL(c.req.url);
    const key = `api:${url.pathname}${url.search}`;
    if (key.length > MAX_CACHED_URL) {
      await next();
      if (c.res.status === 200) c.res.headers.set("Cache-Control", API_READ_CACHE_CONTROL);
      return;
    }
    let ranHere = false;
    let cached: CachedApiRead;
    try {
      cached = await ctx.catalogueCache.get(
        key,
        async (): Promise<CachedApiRead> => {
          ranHere = true;
          await next();
          if (c.res.status !== 200) throw new NotCacheable();
          const contentType = c.res.headers.get("Content-Type") ?? "application/json";
          const body = await c.res.text();
          const etag = weakEtag(body);
          // Packed once here, not again for every answer from the cache (packed-copies.ts).
          if (body.length < THRESHOLD) return { body, etag, contentType };
          return { ...packedCopies(body), etag, contentType };
        },
        (v) => ("brotli" in v ? v.brotli.byteLength : v.body.length),
      );
    } catch (err) {
      if (!(err instanceof NotCacheable)) throw err;
      // Another request's load was not cacheable (an error answer): this one runs on its own.
      if (!ranHere) await next();
      return;
    }
    const kept = cached;
    const grew = (bytes: number) => ctx.catalogueCache.grow(key, kept, bytes);
    replaceAnswer(
      c,
      "brotli" in kept
        ? packedAnswer(c, kept, ONE_READ_FOR_EVERY_ENCODING, grew)
        : answer(c, kept, API_READ_CACHE_CONTROL),
    );
  };
}

/**
 * The answer from a kept text's packed copies (packed-copies.ts): 304 when the client's copy is
 * current, else the copy its Accept-Encoding takes, with its length. `headers` go with both.
 */
export function packedAnswer(
  c: Context,
  kept: { etag: string; contentType: string } & PackedCopies,
  headers: Record<string, string>,
  grew: (bytes: number) => void,
): Response {
  const all: Record<string, string> = { ETag: kept.etag, ...headers };
  if (matchesIfNoneMatch(c.req.header("if-none-match"), kept.etag)) {
    return new Response(null, { status: 304, headers: all });
  }
  const { body, encoding } = copyFor(c.req.header("accept-encoding"), kept, grew);
  all["Content-Type"] = kept.contentType;
  all["Content-Length"] = String(body.byteLength);
  if (encoding) all["Content-Encoding"] = encoding;
  return new Response(body, { status: 200, headers: all });
}

/**
 * A page's validator, blind to the CSP nonce: the same page rendered for two requests differs only
 * in the nonce, and must revalidate. A 304 leaves the browser its stored copy together with the
 * policy stored with it (security-headers.ts sends none on a 304), so the old nonce still holds.
 */
export function pageEtag(body: string, nonce: string | undefined): string {
  return nonce ? weakEtagOfParts(partsAround(body, nonce)) : weakEtag(body);
}

/** The text between the occurrences of `mark`: a page the size of ours is not copied to drop it. */
function* partsAround(text: string, mark: string): Generator<string> {
  let from = 0;
  for (let at = text.indexOf(mark); at !== -1; at = text.indexOf(mark, from)) {
    yield text.slice(from, at);
    from = at + mark.length;
  }
  yield text.slice(from);
}

/**
 * The answer for a server-rendered page whose HTML has been read (once, by page-pipeline.ts): an
 * ETag and revalidation for a GET 200 that sets no cookie and has no Cache-Control of its own. A
 * guest's page is `public, no-cache` with `Vary: Cookie`; a page for a signed-in session is
 * `private, no-cache`, so no shared cache ever keeps it. The page is still rendered on every
 * request (it is the only way to know its validator); a 304 saves the transfer.
 */
export function revalidatedPage(c: Context<AppEnv>, res: Response, html: string): Response {
  const headers = new Headers(res.headers);
  headers.delete("Content-Length");
  const { status, statusText } = res;
  if (
    c.req.method !== "GET" ||
    status !== 200 ||
    headers.has("Set-Cookie") ||
    headers.has("Cache-Control")
  ) {
    return new Response(html, { status, statusText, headers });
  }
  const cached = {
    body: html,
    etag: pageEtag(html, c.get("cspNonce")),
    contentType: headers.get("Content-Type") ?? "",
  };
  const cacheControl = hasSessionCookie(c)
    ? SIGNED_IN_PAGE_CACHE_CONTROL
    : GUEST_PAGE_CACHE_CONTROL;
  const fresh = answer(c, cached, cacheControl, { Vary: "Cookie" });
  for (const [name, value] of fresh.headers) headers.set(name, value);
  return new Response(fresh.body, { status: fresh.status, headers });
}

/** `/assets/*` carry a content hash in their names: cache them for a year, never revalidate. */
export function immutableAssets(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set("Cache-Control", IMMUTABLE_CACHE_CONTROL);
  };
}

/**
 * A page keeps the Cache-Control it gave its answer, or none. react-router-hono-server's
 * public-file middleware, which sits between `beforeAll` and `configure`, stamps
 * `public, max-age=3600` on every answer whose path ends in `.something` (a product slug with a
 * dot) when it has none: static caching is for the files it serves, not for what passes through
 * it. `record` goes first in `configure` (only requests no file answered reach it), `restore`
 * before the library's middleware in `beforeAll` (the API and media answer earlier, unstamped).
 */
export function appCacheControl(): {
  record: MiddlewareHandler<AppEnv>;
  restore: MiddlewareHandler<AppEnv>;
} {
  return {
    record: async (c, next) => {
      await next();
      c.set("appCacheControl", c.res.headers.get("Cache-Control"));
    },
    restore: async (c, next) => {
      await next();
      const own = c.get("appCacheControl");
      if (own === undefined) return;
      if (own === null) c.res.headers.delete("Cache-Control");
      else c.res.headers.set("Cache-Control", own);
    },
  };
}

/**
 * One rule for answers that did not choose public or private caching: what a request with credentials (a session
 * cookie or a bearer token) gets back, every API answer and every React Router `.data` answer is
 * `private, no-store`: lists of orders and users, session lists, a signed-in user's 403 or 404
 * page. Answers that chose their caching (public catalogue reads, revalidated pages, media,
 * build assets) keep it. Outside `pageRevalidation`, so a page it marks keeps its mark.
 */
export function privateByDefault(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // An answer that said public or private chose; Better Auth's bare `no-store` did not.
    if (/\b(public|private)\b/.test(c.res.headers.get("Cache-Control") ?? "")) return;
    const path = c.req.path;
    if (carriesCredentials(c) || path.startsWith("/api/") || path.endsWith(".data")) {
      c.res.headers.set("Cache-Control", PRIVATE_NO_STORE);
    }
  };
}
