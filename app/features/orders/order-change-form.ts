import type { ActionFailure } from "~/app/lib/field-issues";
import type { OrderStatus } from "~/core/order-status";
import { ORDER_MESSAGES as M } from "./messages";
import { type OrderAction, statusChangeSentence } from "./order-actions";

/**
 * The form an order button posts to its page's action (order-changes.server.ts): what
 * to do, to which order, and the status the person saw (`from`), so a change made by someone else
 * meanwhile is refused instead of overridden. `confirmed` is set once "Are you sure?" was
 * answered: by the dialog with JavaScript, by the page's own confirmation step without it.
 */
export type OrderChangeFields = {
  intent: "status" | "delete" | "return-received";
  id: string;
  orderNumber: number;
  from: OrderStatus;
  to?: OrderStatus;
  confirmed?: boolean;
  /** An admin's cancel after cancelling the parcel in the courier's panel (decision 078). */
  parcelCancelled?: boolean;
  /** Sent by the page's script (a fetcher), which shows the outcome itself. */
  script?: boolean;
};

/** What the order pages' action answers. */
export type OrderChangeResult =
  | { ok: true; kind: "status"; id: string; to: OrderStatus }
  | { ok: true; kind: "delete"; id: string }
  | { ok: true; kind: "return-received"; id: string }
  /** Posted without the confirmation (no JavaScript yet): nothing changed, the page asks first. */
  | { ok: "confirm"; change: OrderChangeFields }
  | ActionFailure;

export function orderChangeFormData(fields: OrderChangeFields): Record<string, string> {
  return {
    intent: fields.intent,
    id: fields.id,
    orderNumber: String(fields.orderNumber),
    from: fields.from,
    ...(fields.to ? { to: fields.to } : {}),
    ...(fields.confirmed ? { confirmed: "yes" } : {}),
    ...(fields.parcelCancelled ? { parcelCancelled: "yes" } : {}),
    ...(fields.script ? { script: "yes" } : {}),
  };
}

export function changeFieldsOf(
  order: { _id: string; orderNumber: number; orderStatus: OrderStatus },
  action: OrderAction,
): OrderChangeFields {
  return {
    intent: action.kind,
    id: order._id,
    orderNumber: order.orderNumber,
    from: order.orderStatus,
    ...(action.kind === "status" ? { to: action.to } : {}),
  };
}

/** The "Are you sure?" of a change, for the dialog and for the page's own confirmation step. */
export function confirmOptions(orderNumber: number, change: { intent: string; to?: OrderStatus }) {
  if (change.intent === "return-received") {
    return {
      title: M.confirmTitle,
      text: `The goods of order #${orderNumber} are back: the pieces it took go back in stock.`,
      confirmText: "Yes, received!",
      cancelText: "Cancel",
      destructive: false,
    };
  }
  if (change.intent === "delete" || !change.to) {
    return {
      title: M.confirmTitle,
      text: `Order #${orderNumber} will be deleted. ${M.deleteWarning}`,
      confirmText: "Yes, delete it!",
      cancelText: "Cancel",
      destructive: true,
    };
  }
  const cancelling = change.to === "Cancelled";
  return {
    title: M.confirmTitle,
    text: statusChangeSentence(orderNumber, change.to),
    confirmText: cancelling ? "Yes, cancel it!" : "Yes, update it!",
    // "Cancel" would be ambiguous next to a cancellation.
    cancelText: cancelling ? "Keep the order" : "Cancel",
    destructive: cancelling,
  };
}
