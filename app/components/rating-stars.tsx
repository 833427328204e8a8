import type { CSSProperties } from "react";
import { useI18n } from "~/app/i18n/use-i18n";
import { isRated } from "~/core/catalogue";

/**
 * Spec §9: always five stars, filled in proportion to the rating. One element drawn by CSS
 * (`.rating-stars` in app.css), so a grid of cards does not carry hundreds of SVG nodes.
 */
export function RatingStars({
  rating,
  reviews,
  className = "text-sm",
}: {
  rating: number;
  reviews?: number;
  className?: string;
}) {
  const { t, count, digits } = useI18n();
  const rated = reviews == null || isRated({ reviews });
  const fill = rated ? Math.max(0, Math.min(100, (rating / 5) * 100)) : 0;
  return (
    <span className="flex items-center gap-1 text-xs">
      <span
        role="img"
        aria-label={
          rated ? t("rating.label", { rating: digits(String(rating)) }) : t("rating.none")
        }
        className={`rating-stars ${className}`}
        style={{ "--fill": `${fill}%` } as CSSProperties}
      />
      {reviews != null && rated ? <span>({count(reviews)})</span> : null}
    </span>
  );
}
