import type { CSSProperties } from "react";

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
  const fill = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span className="flex items-center gap-1 text-xs">
      <span
        role="img"
        aria-label={`Rated ${rating} out of 5`}
        className={`rating-stars ${className}`}
        style={{ "--fill": `${fill}%` } as CSSProperties}
      />
      {reviews != null ? <span>({reviews})</span> : null}
    </span>
  );
}
