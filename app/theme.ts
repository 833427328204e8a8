export const THEME_STORAGE_KEY = "theme";

/**
 * Runs inline in <head> before the first paint so the page never flashes the wrong theme:
 * the remembered choice, else the system preference.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var t=localStorage.getItem("${THEME_STORAGE_KEY}");if(t!=="light"&&t!=="dark"){t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}document.documentElement.setAttribute("data-theme",t)}catch(e){}})();`;
