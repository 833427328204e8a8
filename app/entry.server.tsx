import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { cspNonceContext } from "../shared/page-shell";

export const streamTimeout = 5_000;

/**
 * React Router's default report of a request's error, without the visitor's own mistakes: a 4xx
 * it answers itself (a POST to a page that takes none is 405) is the request log's line, not a
 * stack on stderr that anyone could repeat to fill the log.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};

/**
 * React Router's default Node entry, plus the CSP nonce: <ServerRouter nonce> gives it to
 * <Scripts>, <ScrollRestoration> and the streamed data scripts, and React puts it on its own
 * inline scripts (Suspense). Without it the page policy would block hydration.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(cspNonceContext);

  return new Promise((resolve, reject) => {
    let shellRendered = false;

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // Never move a finished Suspense boundary out of place: React 19.2 outlines any boundary
        // past 12.8 kB into a hidden <div> that a script swaps in, even when nothing suspended.
        // Pages are buffered whole for their ETag anyway (server/index.ts), so outlining would only
        // hide the content from clients without JavaScript and delay its paint. The storefront's
        // boundaries exist to split hydration into short tasks (docs/decisions/025).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // Every client gets the whole page at once, as crawlers do: the server buffers each page
        // to hash its ETag (server/http/http-cache.ts), so flushing the shell early would not
        // reach the browser any sooner, and a shell flushed before React Router's streamed loader
        // data is ready sends that data out of order, in hidden <div>s that React's inline
        // scripts move into place after the first paint, costing the phone a full style and
        // layout pass (docs/decisions/027).
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
