import type { ReactNode } from "react";
import { Link } from "react-router";
import { TrashIcon } from "~/app/components/icons";
import { useI18n } from "~/app/i18n/use-i18n";

/** The table's action icons (decorative: every link and button carries its own name). */
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

/**
 * A catalogue table row's Edit link and Delete button, each named for its row (the icons alone
 * say nothing to a screen reader); `children` follow them (the products table's View link).
 */
export function EditAndDelete({
  editTo,
  editLabel,
  deleteLabel,
  onDelete,
  children,
}: {
  editTo: string;
  editLabel: string;
  deleteLabel: string;
  onDelete: () => void;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <div className="flex">
      <Link
        to={editTo}
        className="btn btn-ghost btn-square btn-sm"
        aria-label={editLabel}
        title={t("dash.catalogue.edit")}
      >
        <EditIcon />
      </Link>
      <button
        type="button"
        className="btn btn-ghost btn-square btn-sm text-error"
        aria-label={deleteLabel}
        title={t("dash.catalogue.delete")}
        onClick={onDelete}
      >
        <TrashIcon />
      </button>
      {children}
    </div>
  );
}
