function StarIcon({ className, filled }: { className?: string; filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className={className}
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="1.5"
    >
      <path d="m12 2.8 2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z" />
    </svg>
  );
}

/** Spec §9: always five stars; filled up to the rounded rating. */
export function RatingStars({
  rating,
  reviews,
  className = "h-3.5 w-3.5",
}: {
  rating: number;
  reviews?: number;
  className?: string;
}) {
  const filled = Math.round(rating);
  return (
    <span className="flex items-center gap-1 text-xs">
      <span role="img" aria-label={`Rated ${rating} out of 5`} className="flex text-warning">
        {[1, 2, 3, 4, 5].map((n) => (
          <StarIcon key={n} filled={n <= filled} className={className} />
        ))}
      </span>
      {reviews != null ? <span>({reviews})</span> : null}
    </span>
  );
}
