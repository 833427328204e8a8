import { confirm, toast } from "~/app/components/dialogs";
import { useI18n } from "~/app/i18n/use-i18n";
import { useRouteAction } from "~/app/lib/use-route-action";

/**
 * A table's Delete the spec's way: "Are you sure?" first, then the route's action
 * (`intent=delete`, `id`), then the success or failure toast (texts in the page's language).
 * Resolves null when the admin said no, else whether it was deleted; the page's loaders have
 * run again by then.
 */
export function useDeleteAction(messages: { deleted: string; failed: string }) {
  const action = useRouteAction();
  const { t } = useI18n();
  async function remove(id: string): Promise<boolean | null> {
    const sure = await confirm({
      title: t("dash.catalogue.confirm.title"),
      text: t("dash.catalogue.confirm.text"),
      confirmText: t("dash.catalogue.confirm.yes"),
      cancelText: t("dash.catalogue.confirm.cancel"),
      destructive: true,
    });
    if (!sure) return null;
    const outcome = await action.submit({ intent: "delete", id });
    if (outcome.kind === "failure") {
      toast(messages.failed, { icon: "error" });
      return false;
    }
    toast(messages.deleted);
    return true;
  }
  return { remove, busy: action.busy };
}
