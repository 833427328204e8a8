import { confirm, notify, toast } from "~/app/components/dialogs";
import { layoutServerText } from "~/app/i18n/dashboard/layout-text";
import { useI18n } from "~/app/i18n/use-i18n";
import { useRouteAction } from "~/app/lib/use-route-action";
import type { Role } from "~/core/order-status";

export type ListedUser = { _id: string; name: string; email: string; role: Role };

/** Spec §8: the role-change toast shows 1.5 s. */
export const ROLE_TOAST_MS = 1500;

/**
 * All Users' changes the spec's way: "Are you sure?", then the route's action (`intent=role` or
 * `intent=delete`), then the toast or the failure notice with the server's reason. Each resolves
 * true when the change was made; the page's loaders have run again by then (or, for a change to
 * the admin's own account, the action has sent them to another page).
 */
export function useUserActions() {
  const action = useRouteAction();
  const tr = useI18n();
  const { t } = tr;

  async function changeRole(user: ListedUser): Promise<boolean> {
    const role: Role = user.role === "admin" ? "customer" : "admin";
    const ok = await confirm({
      title: t("dash.layout.sure"),
      text: t(role === "admin" ? "dash.layout.users.promoteText" : "dash.layout.users.demoteText", {
        name: user.name,
      }),
      confirmText: t(
        role === "admin" ? "dash.layout.users.yesPromote" : "dash.layout.users.yesDemote",
      ),
      cancelText: t("common.cancel"),
    });
    if (!ok) return false;
    const outcome = await action.submit({ intent: "role", id: user._id, role });
    if (outcome.kind === "failure") {
      notify({
        icon: "error",
        title: t("dash.layout.users.roleFailed"),
        text: layoutServerText(tr, outcome.failure.message),
      });
      return false;
    }
    toast(t("dash.layout.users.roleUpdated"), { timerMs: ROLE_TOAST_MS });
    return true;
  }

  async function deleteUserAccount(user: ListedUser): Promise<boolean> {
    // confirmDelete's dialog (spec §8), in the page's language.
    const ok = await confirm({
      title: t("dash.layout.sure"),
      text: t("dash.layout.users.deleteText", { name: user.name, email: user.email }),
      confirmText: t("dash.layout.users.yesDelete"),
      cancelText: t("common.cancel"),
      destructive: true,
    });
    if (!ok) return false;
    const outcome = await action.submit({ intent: "delete", id: user._id });
    if (outcome.kind === "failure") {
      notify({
        icon: "error",
        title: t("dash.layout.users.deleteFailed"),
        text: layoutServerText(tr, outcome.failure.message),
      });
      return false;
    }
    toast(t("dash.layout.users.deleted"));
    return true;
  }

  return { changeRole, deleteUserAccount, busy: action.busy };
}
