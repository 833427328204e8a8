/**
 * The page's JavaScript is fetched once the page has been painted (docs/decisions/028), or with
 * the page on a link of long round trips (docs/decisions/086).
 *
 * React Router's `<Scripts>` puts a `<link rel="modulepreload">` per module in `<head>` and one
 * inline `<script type="module">` that imports the route modules and then the client entry. On
 * slow mobile data those ~130 kB gzip share the link with the HTML and the first images, although
 * the server-rendered page is readable without them. Here the links are taken out and the module
 * script is replaced by a classic inline script (same nonce) at the end of `<head>`, which starts
 * the very same module script once the document is parsed, with every module preloaded at once
 * (no waterfall), after the browser has painted the page and the images it asks for first
 * (`fetchpriority="high"`) have arrived. Where the browser estimates its round trips above
 * `SLOW_LINK_RTT_MS`, the modules are preloaded at once instead and the page starts them at its
 * first paint: the link would otherwise idle while the phone lays the page out. There, too, the
 * pictures the first paint does not show and the shop's Bengali face wait until the page responds
 * (docs/decisions/088).
 */

/** What a page waits for before its scripts are fetched, at most. */
export const DEFER_LIMIT_MS = 3000;

/**
 * Round trips longer than this (`navigator.connection.rtt`, Chromium's estimate from what it has
 * measured; 100 ms before it has measured anything) mark a slow link.
 */
export const SLOW_LINK_RTT_MS = 100;

/**
 * On a slow link, how long the lazy images and the Bengali face wait for the page to respond at
 * most: should its scripts never run, the page is as it would have been without the wait.
 */
export const HOLD_LIMIT_MS = 8000;

/**
 * Runs in the browser, as the text of an inline script in `<head>`: `preloads` are the module
 * URLs React Router preloads, `source` the text of its module script. Self-contained (no imports,
 * no closures): it is serialised with Function.prototype.toString.
 */
function startScriptsAfterPaint(
  preloads: string[],
  source: string,
  limitMs: number,
  slowLinkRttMs: number,
  holdLimitMs: number,
): void {
  const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? "";
  let preloaded = false;
  const preload = () => {
    if (preloaded) return;
    preloaded = true;
    for (const href of preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    }
  };
  // The shop's Bengali face (app/styles/shop.css), from the visitor's own fonts where it can.
  const loadBengaliFace = () => document.fonts.load('1em "Haat Bengali"', "\u09b9");
  const whenParsed = (then: () => void) => {
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", then, { once: true });
    } else then();
  };
  let releaseHeld = () => {};
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    preload();
    // Hydration needs the whole document, React Router's data script included.
    whenParsed(() => {
      const script = document.createElement("script");
      script.type = "module";
      script.nonce = nonce;
      script.textContent = source;
      script.addEventListener("error", () => releaseHeld());
      document.body.appendChild(script);
    });
  };
  // A hidden page paints nothing (and gets no animation frames): nothing to wait for.
  if (document.visibilityState === "hidden") {
    start();
    return;
  }
  // Set first: whatever goes wrong below, the scripts still start.
  setTimeout(start, limitMs);
  const rtt = (navigator as { connection?: { rtt?: unknown } }).connection?.rtt;
  const slowLink = typeof rtt === "number" && rtt > slowLinkRttMs;
  // On a slow link what can wait leaves the link to the scripts until the page responds (or, should
  // it never, until its scripts failed or `holdLimitMs` passed): the images of `loading="lazy"`
  // that the first paint does not show (further down or off to the side, which the browser would
  // still fetch at once within its lazy margin) lose their sources meanwhile, and `data-slow-link`
  // keeps the shop's Bengali face out of the font stack (app/styles/shop.css), so the visitor's
  // own Bengali font shows the text until then and until the face has arrived.
  const holdUntilInteractive = (painted: Promise<void>) => {
    const root = document.documentElement;
    root.setAttribute("data-slow-link", "");
    let held: [HTMLImageElement, string | null, string | null][] = [];
    const hold = (img: HTMLImageElement) => {
      if (img.getAttribute("loading") !== "lazy" || img.hasAttribute("data-held")) return;
      if (!img.hasAttribute("src") && !img.hasAttribute("srcset")) return;
      held.push([img, img.getAttribute("src"), img.getAttribute("srcset")]);
      img.setAttribute("data-held", "");
      img.removeAttribute("srcset");
      img.removeAttribute("src");
    };
    const restore = ([img, src, srcset]: (typeof held)[number]) => {
      img.removeAttribute("data-held");
      // React may have given the image new sources since: those stand.
      if (img.hasAttribute("src") || img.hasAttribute("srcset")) return;
      if (srcset !== null) img.setAttribute("srcset", srcset);
      if (src !== null) img.setAttribute("src", src);
    };
    const added = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (node instanceof HTMLImageElement) hold(node);
          else if (node instanceof Element) node.querySelectorAll("img").forEach(hold);
        }
      }
    });
    added.observe(root, { childList: true, subtree: true });
    const onScreen = (img: HTMLImageElement) => {
      const box = img.getBoundingClientRect();
      return box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
    };
    painted.then(() => {
      const shown = held.filter(([img]) => onScreen(img));
      held = held.filter((entry) => !shown.includes(entry));
      shown.forEach(restore);
    });
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      added.disconnect();
      hydrated.disconnect();
      held.forEach(restore);
      // The face is fetched first and joins the stack once it is here: the page is laid out once
      // more for it, not twice (for the new stack, then again when the face arrives).
      const showFace = () => root.removeAttribute("data-slow-link");
      setTimeout(showFace, holdLimitMs);
      loadBengaliFace().then(showFace, showFace);
    };
    const hydrated = new MutationObserver(() => {
      if (root.hasAttribute("data-hydrated")) release();
    });
    hydrated.observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
    setTimeout(release, holdLimitMs);
    return release;
  };
  const observable =
    (typeof PerformanceObserver === "function" && PerformanceObserver.supportedEntryTypes) || [];
  const afterFrames = (then: () => void, delayMs: number) =>
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(then, delayMs)));
  // The first contentful paint, as the browser reports it once the frame is on screen.
  const firstPaint = new Promise<void>((resolve) => {
    if (!observable.includes("paint")) return afterFrames(resolve, 0);
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      resolve();
    }).observe({ type: "paint", buffered: true });
  });
  if (slowLink) {
    releaseHeld = holdUntilInteractive(firstPaint);
    preload();
    firstPaint.then(start);
    return;
  }
  // A Bengali page's text is drawn in the shop's Bengali face, and so is the Bengali text an
  // English page shows on its first screen (the home's welcome: app/root.tsx marks such a page
  // `data-bengali-first-screen`). Asked for here, while the body is still being parsed, the face
  // is there for the first layout; asked for by that layout, it arrives after the first paint
  // and the whole page is laid out again.
  const html = document.documentElement;
  if (html.lang === "bn" || html.hasAttribute("data-bengali-first-screen")) {
    loadBengaliFace().catch(() => {});
  }
  // Each image the page asks for first: on screen (its largest-contentful-paint entry), or a
  // moment after it arrived and was decoded where it is not the largest element or the browser
  // cannot tell. A picture is decoded off the main thread and painted in a frame after that, which
  // on a busy phone can be well after its load event.
  const firstImageShown = (img: HTMLImageElement) =>
    new Promise<void>((resolve) => {
      if (observable.includes("largest-contentful-paint")) {
        new PerformanceObserver((list, observer) => {
          if (!list.getEntries().some((e) => (e as LargestContentfulPaint).element === img)) return;
          observer.disconnect();
          resolve();
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }
      const shown = () => afterFrames(resolve, 100);
      const arrived = () =>
        typeof img.decode === "function" ? img.decode().then(shown, shown) : shown();
      if (img.complete) return arrived();
      img.addEventListener("load", arrived, { once: true });
      img.addEventListener("error", arrived, { once: true });
    });
  whenParsed(() => {
    const images = document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]');
    Promise.all([firstPaint, ...Array.from(images, firstImageShown)]).then(start);
  });
}

const LOADER_SOURCE = startScriptsAfterPaint.toString();

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const HREF = /\shref="([^"]*)"/;
/**
 * React Router's module script: inline, `type="module" async`, and it sets
 * `window.__reactRouterRouteModules`. The text may not run past its own `</script>`.
 */
const ROUTER_MODULE_SCRIPT =
  /<script((?:\s(?!type=)[\w-]+="[^"]*")*)\stype="module"\sasync=""((?:\s[\w-]+="[^"]*")*)>((?:(?!<\/script>)[\s\S])*?window\.__reactRouterRouteModules(?:(?!<\/script>)[\s\S])*?)<\/script>/;

/** Text in a JS string literal inside an HTML <script>: no `</script`, no `<!--`. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c");
}

function unescapeAttribute(value: string): string {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** A page after `deferScripts`, with what its loader will insert as an inline module script. */
export type DeferredPage = {
  html: string;
  /**
   * The text of React Router's module script, which the loader inserts as an inline script, and
   * the attributes the loader script carries (React Router's, its nonce included): a page served
   * without a nonce allows that text by its hash (guest-page-cache.ts). Absent when the page had
   * no such script.
   */
  started?: { source: string; attributes: string };
};

/**
 * A server-rendered page with its module preloads removed and React Router's module script
 * started after the first paint by a loader at the end of its `<head>`. A page without that script (an error page rendered without
 * `<Scripts>`, a fragment) is returned unchanged.
 */
export function deferScripts(html: string): DeferredPage {
  const script = ROUTER_MODULE_SCRIPT.exec(html);
  if (!script) return { html };
  const [whole, before = "", after = "", source = ""] = script;
  // The page is put together once from pieces of the rendered one: on a page this size, every
  // whole new string is memory fresh from the system, and costs more than the scan.
  const preloads: string[] = [];
  const kept: [number, number][] = [];
  let from = 0;
  MODULE_PRELOAD.lastIndex = 0;
  for (let link = MODULE_PRELOAD.exec(html); link; link = MODULE_PRELOAD.exec(html)) {
    if (link.index >= script.index) break;
    const href = HREF.exec(link[0])?.[1];
    if (href === undefined) continue;
    preloads.push(unescapeAttribute(href));
    kept.push([from, link.index]);
    from = link.index + link[0].length;
  }
  kept.push([from, script.index]);
  const loader = `<script${before}${after}>(${LOADER_SOURCE})(${scriptSafeJson(preloads)},${scriptSafeJson(source)},${DEFER_LIMIT_MS},${SLOW_LINK_RTT_MS},${HOLD_LIMIT_MS})</script>`;
  const rest = html.slice(script.index + whole.length);
  // At the end of <head>, so that a slow link's preloads go out before the body is parsed. React
  // hydrates the body against what it rendered: the module script's place keeps an (empty)
  // script element, as React skips over an element it did not render only in <head>.
  const headEnd = html.indexOf("</head>");
  const parts: string[] = [];
  let loaderPlaced = false;
  for (const [start, end] of kept) {
    if (!loaderPlaced && headEnd >= start && headEnd < end) {
      parts.push(html.slice(start, headEnd), loader, html.slice(headEnd, end));
      loaderPlaced = true;
    } else {
      parts.push(html.slice(start, end));
    }
  }
  if (loaderPlaced) parts.push(`<script${before}${after}></script>`);
  else parts.push(loader);
  parts.push(rest);
  return { html: parts.join(""), started: { source, attributes: before + after } };
}

/** `deferScripts`' page alone. */
export function deferPageScripts(html: string): string {
  return deferScripts(html).html;
}
