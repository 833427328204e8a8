import { useEffect, useState } from "react";
import { useI18n } from "~/app/i18n/use-i18n";
import { THEME_STORAGE_KEY } from "~/shared/page-shell";

type Theme = "light" | "dark";

function currentTheme(): Theme {
  return document.documentElement.getAttribute("data-theme") === "dark" ? "dark" : "light";
}

/** Light/Dark mode switch for the dashboard sidebar: flips data-theme on <html> and remembers it. */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const [theme, setTheme] = useState<Theme | null>(null);
  const { t } = useI18n();

  useEffect(() => {
    setTheme(currentTheme());
  }, []);

  function flip() {
    const next: Theme = currentTheme() === "dark" ? "light" : "dark";
    document.documentElement.setAttribute("data-theme", next);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
    setTheme(next);
  }

  const dark = theme === "dark";
  return (
    <button type="button" className={className} onClick={flip}>
      <svg
        aria-hidden="true"
        data-icon={dark ? "sun" : "moon"}
        viewBox="0 0 24 24"
        className="h-4 w-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        {dark ? (
          // A sun: the disc and its eight rays (a disc alone reads as the letter "o").
          <>
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
          </>
        ) : (
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        )}
      </svg>
      {t(dark ? "theme.light" : "theme.dark")}
    </button>
  );
}
