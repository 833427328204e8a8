import { Link } from "react-router";
import { useI18n } from "~/app/i18n/use-i18n";

/**
 * Show Me More for a browser without scripts, where the section's button cannot fetch: a link to
 * the whole listing the section is a part of. Shown only there (the button is hidden there).
 */
export function ShowMoreLink({ to }: { to: string }) {
  const { t } = useI18n();
  return (
    <Link
      to={to}
      className="btn btn-primary btn-outline hidden min-w-40 [@media(scripting:none)]:inline-flex"
    >
      {t("home.showMore")}
    </Link>
  );
}
