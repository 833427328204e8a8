import type { MiddlewareHandler } from "hono";

const PATTERN = 'rel="modulepreload"';
const REPLACEMENT = 'rel="modulepreload" fetchpriority="low"';

/**
 * Rewrites a stream of HTML so every `<link rel="modulepreload">` asks for low fetch priority.
 * A match split across chunks is found: the last `PATTERN.length - 1` characters wait for the
 * next chunk.
 */
export function lowPriorityModulePreloads(): TransformStream<string, string> {
  let pending = "";
  return new TransformStream({
    transform(chunk, controller) {
      const text = (pending + chunk).replaceAll(PATTERN, REPLACEMENT);
      const keep = Math.min(PATTERN.length - 1, text.length);
      pending = text.slice(text.length - keep);
      const ready = text.slice(0, text.length - keep);
      if (ready) controller.enqueue(ready);
    },
    flush(controller) {
      if (pending) controller.enqueue(pending);
    },
  });
}

/**
 * The page's JavaScript downloads at low priority (DESIGN §7, docs/decisions/013-performance.md).
 * Pages are rendered on the server and readable without it; React Router's <Scripts> preloads
 * every module with `<link rel="modulepreload">`, which Chromium fetches at high priority, so on
 * slow 4G 130 KB of scripts share the link with the LCP image and the first paint. React Router
 * has no option for the attribute, so HTML answers get `fetchpriority="low"` on those links here.
 */
export function lowPriorityScripts(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const type = c.res.headers.get("Content-Type") ?? "";
    if (!type.startsWith("text/html") || !c.res.body) return;
    const headers = new Headers(c.res.headers);
    headers.delete("Content-Length");
    const body = c.res.body
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(lowPriorityModulePreloads())
      .pipeThrough(new TextEncoderStream());
    c.res = new Response(body, { status: c.res.status, statusText: c.res.statusText, headers });
  };
}
