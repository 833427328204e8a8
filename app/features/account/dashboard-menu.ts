import type { Role } from "~/core/order-status";

export type MenuLink = { to: string; label: string };

/** Spec §2 dashboard menus. */
export const ADMIN_MENU: MenuLink[] = [
  { to: "/dashboard/allUsers", label: "All Users" },
  { to: "/dashboard/allProducts", label: "All Products" },
  { to: "/dashboard/pendingOrders", label: "Pending Orders" },
  { to: "/dashboard/unverifiedOrders", label: "Unverified" },
  { to: "/dashboard/confirmedOrders", label: "Confirmed Orders" },
  { to: "/dashboard/cancelledOrders", label: "Cancelled Orders" },
  { to: "/dashboard/deliveredOrders", label: "Delivered Orders" },
  { to: "/dashboard/returnOrders", label: "Return Orders" },
  { to: "/dashboard/blockedNumbers", label: "Blocked Numbers" },
  { to: "/dashboard/failedBookings", label: "Failed Bookings" },
  { to: "/dashboard/courierAreas", label: "Courier Areas" },
  { to: "/dashboard/manageSlider", label: "Manage Slider" },
  { to: "/dashboard/messages", label: "Messages" },
  { to: "/dashboard/notifications", label: "SMS & Email" },
];

export const CUSTOMER_MENU: MenuLink[] = [
  { to: "/dashboard/activeOrders", label: "Active Orders" },
  { to: "/dashboard/myShopping", label: "My Shopping" },
  { to: "/dashboard/myCancellations", label: "My Cancellations" },
  { to: "/dashboard/myReturn", label: "My Return" },
];

export function menuFor(role: Role): MenuLink[] {
  return role === "admin" ? ADMIN_MENU : CUSTOMER_MENU;
}
