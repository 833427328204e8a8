import { ORDER_LISTS, type OrderList } from "~/core/order-lists";
import type { OrderStatus, Role } from "~/core/order-status";

export function orderListPath(list: Pick<OrderList, "slug">): string {
  return `/dashboard/${list.slug}`;
}

export function orderOverviewPath(id: string): string {
  return `/dashboard/order-overview/${encodeURIComponent(id)}`;
}

/** Spec §2: /dashboard/order-overview/{id}/invoice/{id} — the order's id twice. */
export function orderInvoicePath(id: string): string {
  const encoded = encodeURIComponent(id);
  return `/dashboard/order-overview/${encoded}/invoice/${encoded}`;
}

/** The list of a dashboard side that shows orders in `status`. */
export function orderListFor(status: OrderStatus, side: Role): OrderList {
  const list = ORDER_LISTS.find((l) => l.role === side && l.statuses.includes(status));
  if (!list) throw new Error(`No ${side} order list shows ${status} orders`);
  return list;
}

/** The list a dashboard path names (`/dashboard/pendingOrders` → Pending Orders). */
export function orderListForPath(pathname: string): OrderList | undefined {
  // React Router's data requests end in ".data" (/dashboard/pendingOrders.data).
  const slug =
    pathname
      .replace(/\.data$/, "")
      .replace(/\/+$/, "")
      .split("/")
      .at(-1) ?? "";
  return ORDER_LISTS.find((l) => l.slug === slug);
}

/** The list URL for a search text and page cursor (empty values left out). */
export function orderListSearch(params: {
  q?: string;
  cursor?: string | null;
  /** The confirmation queue's filter (`?calls=`). */
  calls?: string | null;
}): string {
  const search = new URLSearchParams();
  const q = params.q?.trim();
  if (q) search.set("q", q);
  if (params.calls) search.set("calls", params.calls);
  if (params.cursor) search.set("cursor", params.cursor);
  const text = search.toString();
  return text ? `?${text}` : "";
}
