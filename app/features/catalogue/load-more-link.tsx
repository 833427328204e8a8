import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { useI18n } from "~/app/i18n/use-i18n";
import { withCursor } from "./paths";

/**
 * "Load more" for a keyset-paged list: a plain link to the next page (works without JavaScript);
 * with JavaScript a plain click loads the next page into the current one through `load`.
 */
export function LoadMoreLink(props: {
  nextCursor: string;
  loading: boolean;
  load: (href: string) => void;
  className: string;
  spinner?: ReactNode;
}) {
  const location = useLocation();
  const { t } = useI18n();
  const next = withCursor(location.search, props.nextCursor);
  return (
    <Link
      to={next}
      className={props.className}
      aria-disabled={props.loading || undefined}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        if (!props.loading) props.load(`${location.pathname}${next}`);
      }}
    >
      {props.loading ? props.spinner : null}
      {props.loading ? t("common.loadingDots") : t("listing.loadMore")}
    </Link>
  );
}
