import takaFontUrl from "./fonts/noto-sans-bengali-taka.woff2?inline";

/*
 * Fonts that arrive after the first layout make Chromium lay out and paint the whole page again
 * (every text run is re-shaped when a face of its family loads), on a phone's CPU a task of
 * 50–100 ms right after the first paint (docs/decisions/028). These two inline scripts (allowed
 * by their hashes in the page policy) make the shop's faces ready before that first layout.
 */

/**
 * The taka sign's face (744 bytes, app/styles/shop.css), built from bytes in <head>: a face made
 * from bytes is loaded at once, while the stylesheet's data: URL face loads asynchronously. Same
 * family and range as the stylesheet's face, which stays as the fallback without JavaScript;
 * where both exist, this one (added later) is the one used. A function, so that the browser bundle,
 * which reads the script back from the page (app/root.tsx), leaves the font bytes out.
 */
export function takaFontScript(): string {
  const base64 = takaFontUrl.slice(takaFontUrl.indexOf(",") + 1);
  return `(function(){try{var b=atob("${base64}"),a=new Uint8Array(b.length);for(var i=0;i<b.length;i++)a[i]=b.charCodeAt(i);document.fonts.add(new FontFace("Haat Bengali",a,{unicodeRange:"U+09F3",weight:"100 900"}))}catch(e){}})();`;
}

/**
 * Put just before server-rendered Bengali text: starts loading the Bengali face (the visitor's
 * own Bengali font where it has one, else the shop's 44 KB file) while the page is still being
 * parsed, instead of at its first layout.
 */
export const BENGALI_FONT_SCRIPT = `try{document.fonts.load('1em "Haat Bengali"',"\\u09b9")}catch(e){}`;
