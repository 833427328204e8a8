import type { Role } from "../../../core/order-status";
import { confirm, confirmDelete, notify, toast } from "../../components/dialogs";
import { apiFetch } from "../account/api-client";

export type ListedUser = { _id: string; name: string; email: string; role: Role };

/** Spec §8: the role-change toast shows 1.5 s. */
export const ROLE_TOAST_MS = 1500;

async function serverMessage(res: Response): Promise<string | undefined> {
  const body = await res.json().catch(() => null);
  const message = body?.error?.message;
  return typeof message === "string" ? message : undefined;
}

/**
 * Promote a customer or demote an admin after "Are you sure?". Resolves true when the role
 * changed (the caller then refreshes the list), false when cancelled or refused.
 */
export async function changeRole(user: ListedUser): Promise<boolean> {
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
  let res: Response;
  try {
    res = await apiFetch(`/api/updateUser/${encodeURIComponent(user._id)}`, {
      method: "PUT",
      body: JSON.stringify({ role }),
    });
  } catch {
    notify({ icon: "error", title: "Error updating user role" });
    return false;
  }
  if (!res.ok) {
    notify({ icon: "error", title: "Failed to update user role", text: await serverMessage(res) });
    return false;
  }
  toast("User role updated successfully!", { timerMs: ROLE_TOAST_MS });
  return true;
}

/** Delete an account after "Are you sure?"; resolves true when it is gone. */
export async function deleteUserAccount(user: ListedUser): Promise<boolean> {
  const ok = await confirmDelete(
    `${user.name} (${user.email}) will be deleted. You won't be able to revert this!`,
  );
  if (!ok) return false;
  try {
    const res = await apiFetch(`/api/deleteUser/${encodeURIComponent(user._id)}`, {
      method: "DELETE",
    });
    if (!res.ok) {
      notify({ icon: "error", title: "Failed to delete user", text: await serverMessage(res) });
      return false;
    }
  } catch {
    notify({ icon: "error", title: "Failed to delete user" });
    return false;
  }
  toast("User deleted successfully");
  return true;
}
