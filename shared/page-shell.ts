import { createContext } from "react-router";
import appCss from "../app/app.css?inline";
import takaFontUrl from "../app/fonts/noto-sans-bengali-taka.woff2?inline";

/*
 * What the page shell (app/root.tsx) renders inline and the server must know too: the page's
 * Content-Security-Policy allows each constant inline element by the hash of its exact text
 * (server/http/security-headers.ts), and the per-request nonce travels to the renderer in React
 * Router's context. One module, imported by both sides, so the texts hashed are the texts
 * rendered and server/ imports nothing from app/ (docs/decisions/031).
 */

/**
 * The storefront's stylesheet (app/app.css), inlined in every storefront page's <head>. The
 * browser bundle leaves it out where only the server-side branch uses it (app/root.tsx).
 */
export const APP_CSS: string = appCss;

export const THEME_STORAGE_KEY = "theme";

/**
 * Runs inline in <head> before the first paint so the page never flashes the wrong theme:
 * the remembered choice, else the system preference.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var t=localStorage.getItem("${THEME_STORAGE_KEY}");if(t!=="light"&&t!=="dark"){t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}document.documentElement.setAttribute("data-theme",t)}catch(e){}})();`;

/*
 * Fonts that arrive after the first layout make Chromium lay out and paint the whole page again
 * (every text run is re-shaped when a face of its family loads), on a phone's CPU a task of
 * 50–100 ms right after the first paint (docs/decisions/028). These two inline scripts (allowed
 * by their hashes in the page policy) make the shop's faces ready before that first layout.
 */

/**
 * The taka sign's face (app/styles/shop.css), built from bytes in <head>: a face made from bytes
 * is loaded at once, while the stylesheet's data: URL face loads asynchronously. Same family and
 * range as the stylesheet's face, which stays as the fallback without JavaScript; where both
 * exist, this one (added later) is the one used. A function, so that the browser bundle, which
 * reads the script back from the page (app/root.tsx), leaves the font bytes out.
 */
export function takaFontScript(): string {
  const base64 = takaFontUrl.slice(takaFontUrl.indexOf(",") + 1);
  return `(function(){try{var b=atob("${base64}"),a=new Uint8Array(b.length);for(var i=0;i<b.length;i++)a[i]=b.charCodeAt(i);document.fonts.add(new FontFace("Haat Taka",a,{unicodeRange:"U+09F3",weight:"100 900"}))}catch(e){}})();`;
}

/**
 * Put just before server-rendered Bengali text: starts loading the Bengali face (the visitor's
 * own Bengali font where it has one, else the shop's 44 KB file) while the page is still being
 * parsed, instead of at its first layout. Not on a slow link, where the face waits for the page
 * to respond (server/http/deferred-scripts.ts).
 */
export const BENGALI_FONT_SCRIPT = `try{document.documentElement.hasAttribute("data-slow-link")||document.fonts.load('1em "Haat Bengali"',"\\u09b9")}catch(e){}`;

/** Every inline <script> the pages render without a nonce: the page policy allows these by hash. */
export function inlineShellScripts(): string[] {
  return [THEME_BOOT_SCRIPT, EARLY_TAP_SCRIPT, takaFontScript(), BENGALI_FONT_SCRIPT];
}

/**
 * The per-request nonce of the page's Content-Security-Policy (server/http/security-headers.ts),
 * handed from the Hono server to React Router's load context and read by app/entry.server.tsx.
 */
export const cspNonceContext = /* @__PURE__ */ createContext<string | undefined>(undefined);

/**
 * No tap lost before the scripts arrive (issue 21 item 3, docs/decisions/039). The page's
 * JavaScript starts after the first paint (docs/decisions/028), so on a slow phone Add To Cart,
 * Order Now, the quantity stepper, Show Me More or the category menu are on screen a while before
 * they respond. This script, inline in <head> (allowed by its CSP hash, inlineShellScripts above), keeps
 * each tap on such a control until React has hydrated the page (`<html data-hydrated>`, set by
 * app/root.tsx), then gives the taps to the same elements, in order, one per task, so each one
 * sees the state the one before left.
 *
 * Which taps: a `<button type="button">` does nothing without script, so holding its tap back is
 * never in the way; `[data-early-tap]` marks anything else that must wait for the scripts. Links
 * and submit buttons are left alone: they work without script. A held tap is stopped at the
 * window (capture phase) before React's own listener on the document could see it too, so it is
 * carried out exactly once. The search box needs nothing here: its text stays in the input and
 * the box takes it up when it hydrates (app/features/storefront/search-box.tsx).
 *
 * A constant string, not a serialised function: its hash must match the text the server sends.
 */
export const EARLY_TAP_SCRIPT = `(function(){var d=document,h=d.documentElement,s='button[type="button"],[data-early-tap]',q=[];function ready(){return h.hasAttribute("data-hydrated")}function all(){return Array.prototype.slice.call(d.querySelectorAll(s))}function hold(e){if(ready())return;var t=e.target,el=t&&t.closest?t.closest(s):null;if(!el||el.disabled)return;e.preventDefault();e.stopImmediatePropagation();q.push({el:el,at:all().indexOf(el)})}addEventListener("click",hold,true);function replay(){removeEventListener("click",hold,true);(function next(){var tap=q.shift();if(!tap)return;var el=tap.el.isConnected?tap.el:all()[tap.at];if(el&&!el.disabled)el.click();setTimeout(next,0)})()}if(ready())return replay();new MutationObserver(function(m,o){if(!ready())return;o.disconnect();setTimeout(replay,0)}).observe(h,{attributes:true,attributeFilter:["data-hydrated"]})})();`;
