import type { Context, MiddlewareHandler, Next } from "hono";
import { turns } from "../turns";
import { replaceAnswer } from "./answer";
import { BodyTooLargeError, readWholeBody } from "./body-limit";
import { type DeferredPage, deferScripts } from "./deferred-scripts";
import type { AppEnv } from "./env";
import {
  type GuestPageCache,
  isShareableAnswer,
  shareablePage,
  withoutTrackingParams,
} from "./guest-page-cache";
import { revalidatedPage } from "./http-cache";
import { type PageRefusal, pageInput, pageRefusal } from "./page-input";

/**
 * Two pages rendered at once hold less memory than more, for the same pages per second
 * (decision 028).
 */
export const PAGE_RENDERS_AT_ONCE = 2;

/**
 * The largest body a page accepts (its actions' forms, `.data` action requests): the shop's page
 * forms are short text; images go to /api/images. Larger is refused with 413 before it is read.
 */
export const MAX_PAGE_BODY_BYTES = 64 * 1024;

export type PagePipelineOptions = {
  rendersAtOnce?: number;
  maxBodyBytes?: number;
  /** Guests' pages rendered once for every guest (guest-page-cache.ts); none: every page renders. */
  guestPages?: GuestPageCache;
};

/** A guest's page that turned out not to be the same for every guest: it is answered as rendered. */
class NotShareable extends Error {}

/**
 * Everything between Hono and React Router for a page, in this order (docs/decisions/032):
 *
 * 1. The request body is read whole, at most `maxBodyBytes` (413 above, before reading it), while
 *    the request holds nothing: a client that sends its form slowly waits alone, and the Node
 *    server's request timeout ends it (server/index.ts). A NUL in its URL or form is read as
 *    U+FFFD, and a body that is not a form is refused (page-input.ts).
 * 2. A render turn: at most `rendersAtOnce` pages are rendered at once, the others wait in
 *    arrival order. Rendering is CPU work on the one thread, so a queue costs no throughput, while
 *    every page in flight holds its React tree and its HTML until it is sent on (decision 028).
 * 3. React Router renders (app/entry.server.tsx answers once the whole page is ready).
 * 4. An HTML answer is read into one string, once.
 * 5. Its module scripts are started after the first paint (deferred-scripts.ts).
 * 6. Its validator is taken from the HTML as sent (nonce left out), and a current copy answers
 *    304 (http-cache.ts). A page kept for every guest is answered from the copy kept, with that
 *    copy's validator instead.
 * 7. The turn is given back, whatever happened above.
 *
 * A guest's GET of a storefront page is looked up in the guest page cache first: a page that is
 * there is answered at once, without a body, a turn or a render; simultaneous misses of one page
 * share one render (docs/decisions/047).
 *
 * Mounted last before React Router (after the API, media and health routes), so only pages wait
 * for a turn. Outside it, security-headers.ts adds the policy and compression packs the answer.
 */
export function pagePipeline(options: PagePipelineOptions = {}): MiddlewareHandler<AppEnv> {
  const maxBodyBytes = options.maxBodyBytes ?? MAX_PAGE_BODY_BYTES;
  const renderTurns = turns(options.rendersAtOnce ?? PAGE_RENDERS_AT_ONCE);
  const guestPages = options.guestPages;

  /**
   * Steps 2–7: the page rendered for this request, which it answers. With `forGuests`, a page
   * that React Router's answer allows to be given to every guest (guest-page-cache.ts) is
   * returned instead, unanswered: the caller answers from the copy it keeps, with that copy's
   * validator, so this render's own would be computed for nothing.
   */
  function render(
    c: Context<AppEnv>,
    next: Next,
    forGuests = false,
  ): Promise<DeferredPage | undefined> {
    return renderTurns.run(async () => {
      await next();
      const type = c.res.headers.get("Content-Type") ?? "";
      if (!type.startsWith("text/html") || !c.res.body) return undefined;
      const shareable = isShareableAnswer(c.res);
      const page = deferScripts(await c.res.text());
      if (forGuests && shareable) return page;
      answerWith(c, page);
      return undefined;
    });
  }

  /** Step 6: the rendered page as this request's answer, with its validator. */
  const answerWith = (c: Context<AppEnv>, page: DeferredPage) =>
    replaceAnswer(c, revalidatedPage(c, c.res, page.html));

  const refuse = (c: Context<AppEnv>, refusal: PageRefusal) => c.text(refusal.text, refusal.status);

  return async (c, next) => {
    try {
      c.req.raw = await readWholeBody(c.req.raw, maxBodyBytes);
    } catch (err) {
      if (err instanceof BodyTooLargeError) {
        // The client may still be sending: this answer ends the exchange.
        c.header("Connection", "close");
        return refuse(c, pageRefusal(c.req.raw, 413));
      }
      throw err;
    }
    const input = await pageInput(c.req.raw);
    if (!(input instanceof Request)) return refuse(c, input);
    c.req.raw = input;
    const key = guestPages?.keyOf(c);
    if (!guestPages || key === undefined) {
      await render(c, next);
      return;
    }
    // Rendered as every guest's copy: from the link without its click and campaign tags.
    c.req.raw = withoutTrackingParams(c.req.raw);
    let renderedHere = false;
    try {
      const cached = await guestPages.get(key, async () => {
        renderedHere = true;
        const page = await render(c, next, true);
        const shared = page
          ? shareablePage(page, c.get("cspNonce"), c.res.headers.get("Content-Type") ?? "")
          : undefined;
        if (!shared) {
          // This request keeps the answer rendered for it; waiting requests render their own.
          if (page) answerWith(c, page);
          throw new NotShareable();
        }
        return shared;
      });
      replaceAnswer(c, guestPages.answer(c, key, cached, !renderedHere));
    } catch (err) {
      if (renderedHere) {
        if (err instanceof NotShareable) return;
        throw err;
      }
      // The render this request waited for failed or was not for everyone: its own, then.
      await render(c, next);
    }
  };
}
