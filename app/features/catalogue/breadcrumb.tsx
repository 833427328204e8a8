import { Link } from "react-router";
import { useI18n } from "~/app/i18n/use-i18n";

export type Crumb = { label: string; to?: string };

/**
 * Homepage › … › current page; the last crumb is the current page. "Homepage" is the spec's
 * breadcrumb word (§2 Checkout) and keeps it apart from the header's Home link.
 */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t("breadcrumb.label")} className="breadcrumbs py-1 text-sm">
      <ul>
        <li>
          <Link to="/" className="link-hover">
            {t("breadcrumb.home")}
          </Link>
        </li>
        {items.map((c, i) =>
          c.to && i < items.length - 1 ? (
            <li key={c.label}>
              <Link to={c.to} className="link-hover">
                {c.label}
              </Link>
            </li>
          ) : (
            <li key={c.label} aria-current={i === items.length - 1 ? "page" : undefined}>
              <span className="max-w-[60vw] truncate">{c.label}</span>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
