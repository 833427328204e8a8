import type { Context, MiddlewareHandler } from "hono";
import { CatalogueCache } from "../catalogue/cache";
import type { CatalogueEvents } from "../catalogue/events";
import type { DeferredPage } from "./deferred-scripts";
import type { AppEnv } from "./env";
import {
  GUEST_PAGE_CACHE_CONTROL,
  hasSessionCookie,
  MAX_CACHED_URL,
  packedAnswer,
  weakEtag,
} from "./http-cache";
import { type PackedCopies, packedCopies } from "./packed-copies";
import { inlineHash } from "./security-headers";

/*
 * Guests' pages, rendered once and served to every guest until the catalogue changes
 * (docs/decisions/047). A storefront page is the same for every visitor without a session: the
 * cart lives in the browser, and the root loader hands a guest no API token. Only the CSP nonce
 * differs between two renders, and a nonce must never be served twice: the cached page keeps
 * none, and its own inline scripts are allowed by their hashes, computed when it is stored.
 */

/**
 * The pages that are the same for every guest. Others are never cached: the checkout (its form
 * carries an Idempotency-Key made for one visitor), the order summary, the sign-in pages, the
 * dashboard, error pages.
 */
const GUEST_PAGES: readonly RegExp[] = [
  /^\/$/,
  /^\/shop$/,
  /^\/about-us$/,
  /^\/contact-us$/,
  /^\/cart$/,
  /^\/product-details\/[^/]+$/,
  /^\/product\/category\/[^/]+$/,
  /^\/product\/sub-category\/[^/]+$/,
];

/** Query parameters that carry a one-time notice or a form's refusal: such a page is not kept. */
const ONE_TIME_PARAMS = ["notice", "ask"];

/**
 * Added to a shared link by the network it was shared on or by a campaign (Facebook's `fbclid`,
 * Google's `gclid`, `utm_*`): different for every click, and read by no page. A guest's page is
 * kept and rendered without them (`withoutTrackingParams`), so the visitors a Facebook post sends
 * to a product during a sale share one copy instead of each rendering and keeping their own.
 */
const TRACKING_PARAM =
  /^(?:utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|ttclid|twclid|igshid|mibextid|yclid|mc_cid|mc_eid|_ga)$/i;

/** `url`'s query without the click and campaign tags; the same text when it has none. */
function pageQuery(url: URL): string {
  const names = [...url.searchParams.keys()];
  if (!names.some((name) => TRACKING_PARAM.test(name))) return url.search;
  const kept = new URLSearchParams(
    [...url.searchParams].filter(([name]) => !TRACKING_PARAM.test(name)),
  ).toString();
  return kept ? `?${kept}` : "";
}

/**
 * A guest's page request as the page is rendered for every guest: without the click and campaign
 * tags of its link (the visitor's address bar keeps them). The request itself when it has none.
 */
export function withoutTrackingParams(request: Request): Request {
  const url = new URL(request.url);
  const query = pageQuery(url);
  if (query === url.search) return request;
  url.search = query;
  return new Request(url, request);
}

/**
 * Cookies a guest's page may depend on, part of the key: the language (issue 25) and the theme.
 * Any other cookie (a consent banner's, a tracker's) does not change a page.
 */
const PAGE_COOKIES = ["lang", "theme"];
const COOKIE_VALUE = /^[\w.-]{0,32}$/;

/**
 * A page as every guest gets it: no nonce, its inline scripts' hashes, compressed once. The
 * Brotli copy is kept: browsers all take it over https, and a page's stylesheet makes its HTML
 * several times its packed size, so the same memory holds several times the pages (a sale's long
 * tail of product pages, listings and searches; decisions 047, 066). A gzip copy is made when a
 * client that takes only gzip first asks (a browser over plain http, a crawler) and kept beside
 * it, counted in the cache's bytes; a client that takes neither gets the page unpacked.
 */
export type CachedPage = PackedCopies & {
  etag: string;
  contentType: string;
  /** CSP hash sources of the page's own inline scripts (React Router's, the script loader's). */
  scriptHashes: string[];
};

export type GuestPageCacheOptions = {
  /** Most bytes kept (the pages' Brotli copies); 0 turns the cache off. */
  maxBytes: number;
  maxEntries?: number;
  /** How long a page may be served; bounds staleness when a change notification was lost. */
  ttlMs?: number;
};

export type GuestPageCache = {
  /** The cache key of this request's page, or undefined when it must be rendered for it. */
  keyOf(c: Context<AppEnv>): string | undefined;
  /** The page of `key` when it is cached and current; undefined otherwise (then `get`). */
  peek(key: string): CachedPage | undefined;
  get(key: string, load: () => Promise<CachedPage>): Promise<CachedPage>;
  /** The answer to this request from the page of `key` (see `cachedPageAnswer`). */
  answer(c: Context<AppEnv>, key: string, page: CachedPage, hit: boolean): Response;
  clear(): void;
  readonly size: number;
};

function cookieValues(header: string | undefined): Map<string, string> {
  const values = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0) values.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return values;
}

/**
 * The key of a guest's GET of a page that is the same for every guest: path, query (without
 * click and campaign tags), language and theme cookies. Undefined for anything else: another
 * method, a session cookie or an Authorization header (the page is the visitor's own), a page not
 * in the list, a one-time notice, a long URL.
 */
export function guestPageKey(c: Context<AppEnv>): string | undefined {
  if (c.req.method !== "GET") return undefined;
  if (hasSessionCookie(c) || c.req.header("authorization") !== undefined) return undefined;
  const url = new URL(c.req.url);
  if (url.pathname.length + url.search.length > MAX_CACHED_URL) return undefined;
  if (!GUEST_PAGES.some((page) => page.test(url.pathname))) return undefined;
  if (url.pathname.endsWith(".data")) return undefined;
  if (ONE_TIME_PARAMS.some((name) => url.searchParams.has(name))) return undefined;
  const cookies = cookieValues(c.req.header("cookie"));
  const parts = [url.pathname + pageQuery(url)];
  for (const name of PAGE_COOKIES) {
    const value = cookies.get(name) ?? "";
    if (!COOKIE_VALUE.test(value)) return undefined;
    parts.push(value);
  }
  return parts.join("\n");
}

/**
 * Whether the answer React Router gave this guest may be given to every guest: a 200 HTML page
 * that sets no cookie and chose no caching of its own.
 */
export function isShareableAnswer(res: Response): boolean {
  return (
    res.status === 200 &&
    (res.headers.get("Content-Type") ?? "").startsWith("text/html") &&
    !res.headers.has("Set-Cookie") &&
    !res.headers.has("Cache-Control")
  );
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * The page every guest gets from a page rendered for one request with `nonce`: the nonce
 * attributes are taken out, and each inline script that carried this render's nonce (and the
 * module script the loader inserts, when its loader carried it) is allowed by its hash instead.
 * Only the renderer put the nonce on a script, so a script that found its way into the page
 * through content never gets a hash. Undefined when the nonce shows up anywhere else in the page.
 */
export function shareablePage(
  page: DeferredPage,
  nonce: string,
  contentType: string,
): CachedPage | undefined {
  if (!nonce) return undefined;
  const attribute = ` nonce="${nonce}"`;
  const scriptHashes: string[] = [];
  const html = page.html.replace(INLINE_SCRIPT, (whole, attributes: string, text: string) => {
    if (!attributes.includes(attribute)) return whole;
    scriptHashes.push(inlineHash(text));
    return `<script${attributes.replace(attribute, "")}>${text}</script>`;
  });
  if (html.includes(nonce)) return undefined;
  if (page.started?.attributes.includes(attribute)) {
    scriptHashes.push(inlineHash(page.started.source));
  }
  const bytes = Buffer.from(html, "utf8");
  return {
    // Encoded once, for the validator and the Brotli copy alike.
    ...packedCopies(bytes),
    etag: weakEtag(bytes),
    contentType,
    scriptHashes: [...new Set(scriptHashes)],
  };
}

/**
 * A cached page as this request gets it (`packedAnswer`), with the revalidation headers of a
 * guest page and `X-Page-Cache` saying whether it was rendered for this request (miss) or for an
 * earlier one (hit).
 */
function cachedPageAnswer(
  c: Context<AppEnv>,
  page: CachedPage,
  hit: boolean,
  grew: (bytes: number) => void,
): Response {
  c.set("pageScriptHashes", page.scriptHashes);
  const headers = {
    "Cache-Control": GUEST_PAGE_CACHE_CONTROL,
    Vary: "Cookie, Accept-Encoding",
    "X-Page-Cache": hit ? "hit" : "miss",
  };
  return packedAnswer(c, page, headers, grew);
}

/**
 * A guest's page that is cached and current, answered before anything else looks at the request:
 * the library's public-file lookup on disk, the API's routes, the page pipeline. A page not there
 * (or expired) goes on to the pipeline, which renders or refreshes it.
 */
export function guestPageHits(guestPages: GuestPageCache | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = guestPages?.keyOf(c);
    const page = key === undefined ? undefined : guestPages?.peek(key);
    if (!guestPages || key === undefined || !page) return next();
    c.res = guestPages.answer(c, key, page, true);
  };
}

const PRODUCT_PAGE = "/product-details/";

/**
 * Follows the catalogue channel (every server's changes): a product or slide change empties the
 * cache (listings, carousels and related products show any product's name, price and sold-out
 * badge, and a stock change that sells a variant out or brings it back is announced as one);
 * a stock change that only moved quantities drops the pages of that product alone, the only
 * pages that show them ("Only N left"), so a sale's orders keep the other pages cached
 * (decision 047).
 */
export function followCatalogue(pages: CatalogueCache, events: CatalogueEvents): () => void {
  return events.subscribe((change) => {
    if (change.kind !== "stock") return pages.clear();
    if (change.id === "*") return pages.dropPrefix(PRODUCT_PAGE);
    // The key starts with the path, then its query or the cookie part (guestPageKey).
    pages.dropPrefix(`${PRODUCT_PAGE}${change.id}?`);
    pages.dropPrefix(`${PRODUCT_PAGE}${change.id}\n`);
  });
}

/**
 * The guest page cache, emptied by every product or slide change and cleared of a product's own
 * pages when its stock moves (on every server).
 */
export function guestPageCache(
  events: CatalogueEvents,
  options: GuestPageCacheOptions,
): GuestPageCache | undefined {
  if (options.maxBytes <= 0) return undefined;
  const pages = new CatalogueCache({
    maxBytes: options.maxBytes,
    maxEntries: options.maxEntries ?? 2000,
    ttlMs: options.ttlMs ?? 60_000,
    // Every page is rendered again after the time limit; in a sale they expire together.
    staleWhileRefreshing: true,
  });
  followCatalogue(pages, events);
  return {
    keyOf: guestPageKey,
    peek: (key) => pages.peek<CachedPage>(key),
    get: (key, load) => pages.get(key, load, (page) => page.brotli.byteLength),
    answer: (c, key, page, hit) =>
      cachedPageAnswer(c, page, hit, (bytes) => pages.grow(key, page, bytes)),
    clear: () => pages.clear(),
    get size() {
      return pages.size;
    },
  };
}
