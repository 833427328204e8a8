/**
 * The headers of a page that is one visitor's own (an order's page, a tracking answer, a checkout
 * with its order attempt key): no cache keeps it, and a refusal's Retry-After (429) goes out with
 * the page the action or loader rendered.
 */
export function privatePageHeaders(args: {
  loaderHeaders: Headers;
  actionHeaders: Headers;
}): Headers {
  const out = new Headers({ "Cache-Control": "private, no-store" });
  const retry = args.actionHeaders.get("Retry-After") ?? args.loaderHeaders.get("Retry-After");
  if (retry) out.set("Retry-After", retry);
  return out;
}
