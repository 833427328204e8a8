import { formatOrderDate } from "~/core/dates";
import {
  allowedNextStatuses,
  canDeleteOrder,
  canTransition,
  type OrderStatus,
  type Role,
} from "~/core/order-status";
import type { OrderView } from "~/core/order-view";

/** One button of an order's Actions cell (spec §2 / §4 words). */
export type OrderAction =
  | { kind: "status"; to: OrderStatus; label: string; disabled: boolean }
  | { kind: "delete"; label: "Delete"; disabled: false }
  /** An order in Return whose goods are back: its pieces go back in stock (admins, once). */
  | { kind: "return-received"; label: "Return received"; disabled: false };

/** The spec's button words for a target status, per side of the dashboard. */
const STATUS_LABELS: Record<Role, Partial<Record<OrderStatus, string>>> = {
  admin: {
    Confirmed: "Confirm",
    Shipping: "Shipping",
    Delivered: "Delivered",
    Cancelled: "Cancel",
    // A return the customer reports by phone (decisions.md "Returns": admins at any time).
    Return: "Record return",
  },
  customer: {
    Confirmed: "Confirm",
    Cancelled: "Cancel Order",
    Return: "Return",
  },
};

/** Admin buttons keep this order; the customer side has one button per status. */
const ADMIN_ORDER: readonly OrderStatus[] = [
  "Confirmed",
  "Shipping",
  "Delivered",
  "Cancelled",
  "Return",
];

function statusAction(side: Role, to: OrderStatus, disabled = false): OrderAction {
  return { kind: "status", to, label: STATUS_LABELS[side][to] ?? to, disabled };
}

/**
 * The buttons an order gets (decisions.md transitions, spec §4 words).
 *
 * `side` is which half of the dashboard shows the order: the admin lists, or the customer's own
 * lists. `viewerRole` is who is signed in; the server applies that role's transitions, so an
 * admin looking at their own orders on a customer list is only offered what the admin table
 * also allows. `returnOpen` false: the order's return window (`returnBy`) has passed.
 * `returnReceived`: an order in Return whose goods an admin already marked received.
 */
export function orderActions(
  status: OrderStatus,
  side: Role,
  viewerRole: Role = side,
  returnOpen = true,
  returnReceived = false,
): OrderAction[] {
  if (side === "admin") {
    const next = allowedNextStatuses(status, "admin");
    const actions = ADMIN_ORDER.flatMap((to): OrderAction[] => {
      if (next.includes(to)) return [statusAction("admin", to)];
      // Spec §4: Shipping stays visible but disabled on an order that is already Shipping.
      if (to === "Shipping" && status === "Shipping") return [statusAction("admin", to, true)];
      return [];
    });
    if (status === "Return" && !returnReceived) {
      actions.push({ kind: "return-received", label: "Return received", disabled: false });
    }
    if (canDeleteOrder(status)) actions.push({ kind: "delete", label: "Delete", disabled: false });
    return actions;
  }
  return (
    allowedNextStatuses(status, "customer")
      .filter((to) => canTransition(status, to, viewerRole))
      // After the return window only an admin may still record a return (decisions.md "Returns").
      .filter((to) => to !== "Return" || returnOpen || viewerRole === "admin")
      .map((to) => statusAction("customer", to))
  );
}

/** The sentence a confirmation shows for a status change, naming the change. */
export function statusChangeSentence(orderNumber: number, to: OrderStatus): string {
  const order = `Order #${orderNumber}`;
  switch (to) {
    case "Confirmed":
      return `${order} will be confirmed.`;
    case "Cancelled":
      return `${order} will be cancelled.`;
    case "Return":
      return `${order} will be returned to the shop.`;
    default:
      return `${order} will be set to ${to}.`;
  }
}

/**
 * Whether a customer looking at their order is told to phone the shop to cancel it: a courier has
 * the parcel (a customer sees the courier once it is booked), and only the shop can take it back
 * from them (decision 078), so the service refuses the customer's Cancel.
 */
export function cancelsByPhone(
  order: Pick<OrderView, "orderStatus" | "courier">,
  viewerRole: Role,
): boolean {
  return (
    viewerRole === "customer" &&
    order.courier !== null &&
    canTransition(order.orderStatus, "Cancelled", "customer")
  );
}

/** The buttons of `order` on `side` of the dashboard (orderActions, from the order's own fields). */
export function orderActionsOf(
  order: Pick<OrderView, "orderStatus" | "courier" | "returnBy" | "returnReceivedAt">,
  side: Role,
  viewerRole: Role = side,
): OrderAction[] {
  const actions = orderActions(
    order.orderStatus,
    side,
    viewerRole,
    isReturnOpen(order.returnBy),
    order.returnReceivedAt !== null,
  );
  if (!cancelsByPhone(order, viewerRole)) return actions;
  return actions.filter((a) => !(a.kind === "status" && a.to === "Cancelled"));
}

/** Whether the owner may still return an order whose `returnBy` is this (null: no deadline known). */
export function isReturnOpen(returnBy: string | null, now: number = Date.now()): boolean {
  return returnBy === null || now <= Date.parse(returnBy);
}

/** "Return by 12 Dec, 2026" while a delivered order may be returned; null when there is no deadline. */
export function returnByText(returnBy: string | null, now: number = Date.now()): string | null {
  if (returnBy === null) return null;
  const day = formatOrderDate(returnBy);
  return isReturnOpen(returnBy, now) ? `Return by ${day}` : `Return period ended ${day}`;
}
