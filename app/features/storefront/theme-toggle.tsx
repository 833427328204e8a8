import { MoonIcon, SunIcon } from "~/app/components/icons";
import { useI18n } from "~/app/i18n/use-i18n";
import { THEME_STORAGE_KEY } from "~/shared/page-shell";

/** Flips the theme the boot script chose (shared/page-shell.ts) and remembers the choice. */
export function toggleTheme(): "light" | "dark" {
  const root = document.documentElement;
  const next = root.getAttribute("data-theme") === "dark" ? "light" : "dark";
  root.setAttribute("data-theme", next);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Storage blocked: the theme still flips for this page.
  }
  return next;
}

/**
 * Light Mode / Dark Mode toggle. The server cannot know the theme (it lives in localStorage), so
 * both labels are rendered and CSS keyed on <html data-theme> shows the right one: the accessible
 * name always says what the button switches to, before and after hydration, without a flash.
 */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      className={`btn btn-ghost btn-sm gap-1.5 px-2 ${className}`}
      onClick={() => toggleTheme()}
    >
      <span className="theme-when-light items-center gap-1.5">
        <MoonIcon className="h-5 w-5" />
        <span className="max-xl:sr-only">{t("theme.dark")}</span>
      </span>
      <span className="theme-when-dark items-center gap-1.5">
        <SunIcon className="h-5 w-5" />
        <span className="max-xl:sr-only">{t("theme.light")}</span>
      </span>
    </button>
  );
}
