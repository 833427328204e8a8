/**
 * No tap lost before the scripts arrive (issue 21 item 3, docs/decisions/039). The page's
 * JavaScript starts after the first paint (docs/decisions/028), so on a slow phone Add To Cart,
 * Order Now, the quantity stepper, Show Me More or the category menu are on screen a while before
 * they respond. This script, inline in <head> (allowed by its CSP hash, server/index.ts), keeps
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
