import type { MessageKey } from "~/app/i18n/keys";
import type { Role } from "~/core/order-status";

/** A menu entry: its address, the spec's English label, and its message (the page's language). */
export type MenuLink = { to: string; label: string; key: MessageKey };

/** Spec §2 dashboard menus. */
export const ADMIN_MENU: MenuLink[] = [
  { to: "/dashboard/allUsers", label: "All Users", key: "dash.layout.menu.allUsers" },
  { to: "/dashboard/allProducts", label: "All Products", key: "dash.layout.menu.allProducts" },
  {
    to: "/dashboard/pendingOrders",
    label: "Pending Orders",
    key: "dash.layout.menu.pendingOrders",
  },
  {
    to: "/dashboard/unverifiedOrders",
    label: "Unverified",
    key: "dash.layout.menu.unverifiedOrders",
  },
  {
    to: "/dashboard/confirmedOrders",
    label: "Confirmed Orders",
    key: "dash.layout.menu.confirmedOrders",
  },
  {
    to: "/dashboard/cancelledOrders",
    label: "Cancelled Orders",
    key: "dash.layout.menu.cancelledOrders",
  },
  {
    to: "/dashboard/deliveredOrders",
    label: "Delivered Orders",
    key: "dash.layout.menu.deliveredOrders",
  },
  { to: "/dashboard/returnOrders", label: "Return Orders", key: "dash.layout.menu.returnOrders" },
  {
    to: "/dashboard/blockedNumbers",
    label: "Blocked Numbers",
    key: "dash.layout.menu.blockedNumbers",
  },
  {
    to: "/dashboard/failedBookings",
    label: "Failed Bookings",
    key: "dash.layout.menu.failedBookings",
  },
  { to: "/dashboard/courierAreas", label: "Courier Areas", key: "dash.layout.menu.courierAreas" },
  { to: "/dashboard/manageSlider", label: "Manage Slider", key: "dash.layout.menu.manageSlider" },
  { to: "/dashboard/messages", label: "Messages", key: "dash.layout.menu.messages" },
  { to: "/dashboard/notifications", label: "SMS & Email", key: "dash.layout.menu.notifications" },
];

export const CUSTOMER_MENU: MenuLink[] = [
  { to: "/dashboard/activeOrders", label: "Active Orders", key: "dash.layout.menu.activeOrders" },
  { to: "/dashboard/myShopping", label: "My Shopping", key: "dash.layout.menu.myShopping" },
  {
    to: "/dashboard/myCancellations",
    label: "My Cancellations",
    key: "dash.layout.menu.myCancellations",
  },
  { to: "/dashboard/myReturn", label: "My Return", key: "dash.layout.menu.myReturn" },
];

export function menuFor(role: Role): MenuLink[] {
  return role === "admin" ? ADMIN_MENU : CUSTOMER_MENU;
}
