import { describe, expect, it } from "vitest";
import {
  DEFER_LIMIT_MS,
  deferPageScripts,
  HOLD_LIMIT_MS,
  SLOW_LINK_RTT_MS,
} from "./deferred-scripts";

const NONCE = "bm9uY2Utb2YtdGhlLXBhZ2U=";
const SOURCE = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/shop-B.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-C.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/storefront/shop":route1};

import("/assets/entry.client-C.js");`;

/** The shape React Router 8's <Scripts> renders, as in a real page of the shop. */
const page = (source = SOURCE) =>
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Shop</title>` +
  `<link rel="modulepreload" href="/assets/entry.client-C.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" href="/assets/root-A.js?v=1&amp;x=2" nonce="${NONCE}"/>` +
  `<link rel="stylesheet" href="/assets/dashboard.css"/></head><body><main id="content"><p>৳ 120</p></main>` +
  `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${NONCE}" type="module" async="">${source}</script>` +
  `<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script></body></html>`;

/** The arguments the loader script is called with. */
function loaderCall(html: string): { attributes: string; args: unknown[] } {
  const match =
    /<script([^>]*)>\(function startScriptsAfterPaint[\s\S]*?\}\)\(([\s\S]*)\)<\/script><\/head>/.exec(
      html,
    );
  if (!match) throw new Error("no loader script");
  return { attributes: match[1] ?? "", args: JSON.parse(`[${match[2]}]`) };
}

describe("deferPageScripts", () => {
  it("takes the module preloads out and starts React Router's module script from a loader at the end of <head>", () => {
    const html = deferPageScripts(page());
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    // Everything else is untouched, in its place.
    expect(html).toContain('<link rel="stylesheet" href="/assets/dashboard.css"/><script nonce');
    expect(html).toContain("</script></head><body>");
    expect(html).toContain('<main id="content"><p>৳ 120</p></main>');
    // The module script's place keeps an empty element with its attributes, for hydration.
    expect(html).toContain(
      `<script nonce="${NONCE}">window.__reactRouterContext = {};</script><script nonce="${NONCE}"></script><script nonce="${NONCE}">window.__reactRouterContext.streamController`,
    );
    expect(html.endsWith("close();</script></body></html>")).toBe(true);

    const { attributes, args } = loaderCall(html);
    expect(attributes).toBe(` nonce="${NONCE}"`);
    expect(args).toEqual([
      ["/assets/entry.client-C.js", "/assets/root-A.js?v=1&x=2"],
      SOURCE,
      DEFER_LIMIT_MS,
      SLOW_LINK_RTT_MS,
      HOLD_LIMIT_MS,
    ]);
  });

  it("takes out preloads after </head> too, and without a </head> starts the loader where the module script was", () => {
    const inBody = page().replace(
      "</main>",
      `</main><link rel="modulepreload" href="/assets/product-B.js" nonce="${NONCE}"/>`,
    );
    const html = deferPageScripts(inBody);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain("</main><script nonce");
    expect(loaderCall(html).args[0]).toEqual([
      "/assets/entry.client-C.js",
      "/assets/root-A.js?v=1&x=2",
      "/assets/product-B.js",
    ]);

    const headless = deferPageScripts(page().replace("</head>", ""));
    expect(headless).not.toContain('type="module"');
    const loaderAt = headless.indexOf("(function startScriptsAfterPaint");
    expect(loaderAt).toBeGreaterThan(headless.indexOf("window.__reactRouterContext = {};"));
    expect(loaderAt).toBeLessThan(headless.indexOf("streamController.close()"));
    // No empty module script is left behind: the loader took its place.
    expect(headless).not.toMatch(/<script nonce="[^"]*"><\/script>/);
  });

  it("writes the loader as a script the browser can parse", () => {
    const html = deferPageScripts(page());
    const body =
      /<script nonce="[^"]*">(\(function startScriptsAfterPaint[\s\S]*?)<\/script><\/head>/.exec(
        html,
      )?.[1];
    expect(body).toBeDefined();
    expect(() => new Function(body as string)).not.toThrow();
  });

  it("escapes every < of the module script, so the loader's text cannot open or end a tag", () => {
    const tricky = `${SOURCE}\nconst note = "<!--<script>";`;
    const html = deferPageScripts(page(tricky));
    expect(html).not.toContain("<!--");
    expect(html).not.toContain('"<script>"');
    expect(loaderCall(html).args[1]).toBe(tricky);
  });

  it("leaves a page without React Router's module script alone, preloads included", () => {
    const withoutScripts = page().replace(
      /<script nonce="[^"]*" type="module"[\s\S]*?<\/script>/,
      "",
    );
    expect(deferPageScripts(withoutScripts)).toBe(withoutScripts);
    const other = `<html><head></head><body><script type="module" async="">import "/x.js";</script></body></html>`;
    expect(deferPageScripts(other)).toBe(other);
    // Another module script never borrows React Router's marker from a later script.
    const later = `${other.replace("</body></html>", "")}<script>window.__reactRouterRouteModules = {};</script></body></html>`;
    expect(deferPageScripts(later)).toBe(later);
  });
});
