import type { OrderStatus, Role } from "./order-status";

/** One dashboard order list (spec §2): its page path, heading and the statuses it shows. */
export type OrderList = {
  slug: string;
  title: string;
  role: Role;
  statuses: readonly OrderStatus[];
  /** What the list says when it has no orders. */
  empty: string;
  /** Pending orders that wait for their one-time code (decision 060) instead of the others. */
  awaitingCode?: boolean;
};

/** decisions.md: the admin "Confirmed" list shows Confirmed and Shipping orders. */
export const ADMIN_ORDER_LISTS = [
  {
    slug: "pendingOrders",
    title: "Pending Orders",
    role: "admin",
    statuses: ["Pending"],
    empty: "No pending orders.",
  },
  {
    slug: "unverifiedOrders",
    title: "Unverified",
    role: "admin",
    statuses: ["Pending"],
    empty: "No order waits for its code.",
    awaitingCode: true,
  },
  {
    slug: "confirmedOrders",
    title: "Confirmed Orders",
    role: "admin",
    statuses: ["Confirmed", "Shipping"],
    empty: "No confirmed or shipping orders.",
  },
  {
    slug: "cancelledOrders",
    title: "Cancelled Orders",
    role: "admin",
    statuses: ["Cancelled"],
    empty: "No cancelled orders.",
  },
  {
    slug: "deliveredOrders",
    title: "Delivered Orders",
    role: "admin",
    statuses: ["Delivered"],
    empty: "No delivered orders.",
  },
  {
    slug: "returnOrders",
    title: "Return Orders",
    role: "admin",
    statuses: ["Return"],
    empty: "No returned orders.",
  },
] as const satisfies readonly OrderList[];

/** The customer's own lists; "Active Orders" are Pending, Confirmed or Shipping (spec §2). */
export const CUSTOMER_ORDER_LISTS = [
  {
    slug: "activeOrders",
    title: "Active Orders",
    role: "customer",
    statuses: ["Pending", "Confirmed", "Shipping"],
    empty: "You have no active orders.",
  },
  {
    slug: "myShopping",
    title: "My Shopping",
    role: "customer",
    statuses: ["Delivered"],
    empty: "No delivered orders yet.",
  },
  {
    slug: "myCancellations",
    title: "My Cancellations",
    role: "customer",
    statuses: ["Cancelled"],
    empty: "You have no cancelled orders.",
  },
  {
    slug: "myReturn",
    title: "My Return",
    role: "customer",
    statuses: ["Return"],
    empty: "You have no returned orders.",
  },
] as const satisfies readonly OrderList[];

export const ORDER_LISTS: readonly OrderList[] = [...ADMIN_ORDER_LISTS, ...CUSTOMER_ORDER_LISTS];

/** Rows per page of a dashboard order list. */
export const ORDER_PAGE_SIZE = 20;
/** Longest search text an order list accepts. */
export const ORDER_SEARCH_MAX = 100;
