import { useState } from "react";
import { useRevalidator } from "react-router";
import type { OrderStatus } from "../../../core/order-status";
import { confirm, notify } from "../../components/dialogs";
import { apiFetch } from "../account/api-client";
import { ORDER_MESSAGES as M, orderFailureText } from "./messages";
import { type OrderAction, statusChangeSentence } from "./order-actions";

/** `orderStatus`: the status the person saw, sent as `from` so a change made meanwhile wins. */
type ActionTarget = { _id: string; orderNumber: number; orderStatus?: OrderStatus };

async function errorMessage(res: Response): Promise<string | undefined> {
  const body = (await res.json().catch(() => null)) as { error?: { message?: unknown } } | null;
  const message = body?.error?.message;
  return typeof message === "string" ? message : undefined;
}

function confirmOptions(order: ActionTarget, action: OrderAction) {
  if (action.kind === "delete") {
    return {
      title: M.confirmTitle,
      text: `Order #${order.orderNumber} will be deleted. ${M.deleteWarning}`,
      confirmText: "Yes, delete it!",
      cancelText: "Cancel",
    };
  }
  const cancelling = action.to === "Cancelled";
  return {
    title: M.confirmTitle,
    text: statusChangeSentence(order.orderNumber, action.to),
    confirmText: cancelling ? "Yes, cancel it!" : "Yes, update it!",
    // "Cancel" would be ambiguous next to a cancellation.
    cancelText: cancelling ? "Keep the order" : "Cancel",
  };
}

/**
 * Runs an order's action as the spec has it: "Are you sure?" first, then the API call, then the
 * spec's success or failure notice. After a change the page's loaders run again, so the order
 * leaves its list and the counts follow. Resolves true when the change was made.
 */
export function useOrderAction(options: { afterDelete?: () => Promise<void> | void } = {}) {
  const revalidator = useRevalidator();
  const [busyId, setBusyId] = useState<string | null>(null);

  async function run(order: ActionTarget, action: OrderAction): Promise<boolean> {
    if (action.disabled) return false;
    if (!(await confirm(confirmOptions(order, action)))) return false;
    setBusyId(order._id);
    try {
      const id = encodeURIComponent(order._id);
      const res =
        action.kind === "delete"
          ? await apiFetch(`/api/deleteOrder/${id}`, { method: "DELETE" })
          : await apiFetch(`/api/orderStatus/${id}`, {
              method: "PUT",
              body: JSON.stringify({ status: action.to, from: order.orderStatus }),
            });
      // apiFetch has already signed the user out and is on its way to the login page.
      if (res.status === 401 || res.status === 403) return false;
      if (res.ok) {
        if (action.kind === "delete") {
          await options.afterDelete?.();
          notify({ icon: "success", title: M.deletedTitle, text: M.deletedText });
        } else {
          notify({ icon: "success", title: M.statusUpdatedTitle, text: M.statusUpdatedText });
        }
        await revalidator.revalidate();
        return true;
      }
      const reason = res.status < 500 ? await errorMessage(res) : undefined;
      notify({
        icon: "error",
        title: M.statusFailedTitle,
        text: orderFailureText(action.kind, true, reason),
      });
      // Someone else may have changed the order meanwhile: show it as it is now.
      await revalidator.revalidate();
      return false;
    } catch {
      notify({
        icon: "error",
        title: M.statusFailedTitle,
        text: orderFailureText(action.kind, false),
      });
      return false;
    } finally {
      setBusyId(null);
    }
  }

  return { run, busyId };
}
