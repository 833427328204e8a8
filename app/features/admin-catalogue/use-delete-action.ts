import { confirmDelete, toast } from "~/app/components/dialogs";
import { useRouteAction } from "~/app/lib/use-route-action";

/**
 * A table's Delete the spec's way: "Are you sure?" first, then the route's action
 * (`intent=delete`, `id`), then the success or failure toast. Resolves null when the admin said
 * no, else whether it was deleted; the page's loaders have run again by then.
 */
export function useDeleteAction(messages: { deleted: string; failed: string }) {
  const action = useRouteAction();
  async function remove(id: string): Promise<boolean | null> {
    if (!(await confirmDelete())) return null;
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
