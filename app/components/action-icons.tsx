/**
 * The tables' Edit and View icons (decorative: every link and button carries its own name). Not
 * in icons.tsx, whose icons every storefront page loads: only the dashboards' tables use these.
 */
const iconProps = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  className: "h-5 w-5",
} as const;

export const EditIcon = () => (
  <svg aria-hidden="true" focusable="false" {...iconProps}>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
  </svg>
);

export const EyeIcon = () => (
  <svg aria-hidden="true" focusable="false" {...iconProps}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </svg>
);
