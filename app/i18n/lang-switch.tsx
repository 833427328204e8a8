import { useLocation } from "react-router";
import { LANG_NAMES } from "~/core/locale";
import { pathInLang } from "./paths";
import { useI18n } from "./use-i18n";

/**
 * "বাংলা" on an English page, "English" on a Bengali one: a plain link to this page with
 * `?lang=`, so it works without JavaScript, and the server remembers the choice in a cookie.
 * A whole new document: the other language's messages come with it.
 */
export function LangSwitch({
  className = "",
  bare = false,
}: {
  className?: string;
  bare?: boolean;
}) {
  const { lang } = useI18n();
  const { pathname, search } = useLocation();
  const other = lang === "bn" ? "en" : "bn";
  return (
    <a
      href={pathInLang(pathname + search, other, true)}
      hrefLang={other}
      lang={other}
      // "বাংলা" on an English page in the visitor's own Bengali font (every phone and desktop
      // system has one): not the shop's 44 KB web font, which an English page whose only Bengali
      // is ৳ never downloads (decision 013; tests/e2e/first-paint.spec.ts).
      // `bare`: an item of a list that styles its own (the dashboard's menu), not a button.
      className={`${bare ? "" : "btn btn-ghost btn-sm px-2"} ${other === "bn" ? "[font-family:system-ui,sans-serif]" : ""} ${className}`}
    >
      {LANG_NAMES[other]}
    </a>
  );
}
