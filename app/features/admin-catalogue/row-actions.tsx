import type { ReactNode } from "react";
import { Link } from "react-router";
import { EditIcon } from "~/app/components/action-icons";
import { TrashIcon } from "~/app/components/icons";
import { useI18n } from "~/app/i18n/use-i18n";

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
