import { confirmDelete, toast } from "../../components/dialogs";
import { apiFetch } from "../account/api-client";

/**
 * Deletes a product or slide the spec's way: "Are you sure?" first, then `DELETE path`, then the
 * success or failure toast. Resolves null when the admin said no, else whether it was deleted.
 */
export async function confirmAndDelete(
  path: string,
  messages: { deleted: string; failed: string },
): Promise<boolean | null> {
  if (!(await confirmDelete())) return null;
  const res = await apiFetch(path, { method: "DELETE" }).catch(() => null);
  if (res?.ok) {
    toast(messages.deleted);
    return true;
  }
  toast(messages.failed, { icon: "error" });
  return false;
}
