import { confirm, confirmDelete, notify, toast } from "~/app/components/dialogs";
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

  async function changeRole(user: ListedUser): Promise<boolean> {
    const role: Role = user.role === "admin" ? "customer" : "admin";
    const ok = await confirm({
      title: "Are you sure?",
      text:
        role === "admin"
          ? `${user.name} will be able to manage products, orders, slides and users.`
          : `${user.name} will no longer be able to use the admin pages.`,
      confirmText: role === "admin" ? "Yes, promote" : "Yes, demote",
    });
    if (!ok) return false;
    const outcome = await action.submit({ intent: "role", id: user._id, role });
    if (outcome.kind === "failure") {
      notify({ icon: "error", title: "Failed to update user role", text: outcome.failure.message });
      return false;
    }
    toast("User role updated successfully!", { timerMs: ROLE_TOAST_MS });
    return true;
  }

  async function deleteUserAccount(user: ListedUser): Promise<boolean> {
    const ok = await confirmDelete(
      `${user.name} (${user.email}) will be deleted. You won't be able to revert this!`,
    );
    if (!ok) return false;
    const outcome = await action.submit({ intent: "delete", id: user._id });
    if (outcome.kind === "failure") {
      notify({ icon: "error", title: "Failed to delete user", text: outcome.failure.message });
      return false;
    }
    toast("User deleted successfully");
    return true;
  }

  return { changeRole, deleteUserAccount, busy: action.busy };
}
