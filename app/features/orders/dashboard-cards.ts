import {
  ADMIN_ACTIVE_STATUSES,
  CUSTOMER_ACTIVE_STATUSES,
  type OrderStatus,
  type Role,
} from "~/core/order-status";

export type DashboardCard = { label: string; value: number; to: string };

function sum(counts: Record<OrderStatus, number>, statuses: readonly OrderStatus[]): number {
  return statuses.reduce((total, s) => total + counts[s], 0);
}

/**
 * Spec §2 dashboard cards. Admin: Total Products, Active Orders (Pending + Confirmed),
 * Delivered, Cancelled. Customer: Active Orders (Pending, Confirmed or Shipping), Delivered,
 * My Cancellations, My Returns (decisions.md reads "Returns" as the Return status).
 */
export function dashboardCards(
  role: Role,
  counts: Record<OrderStatus, number>,
  totalProducts: number | null,
): DashboardCard[] {
  if (role === "admin") {
    return [
      { label: "Total Products", value: totalProducts ?? 0, to: "/dashboard/allProducts" },
      {
        label: "Active Orders",
        value: sum(counts, ADMIN_ACTIVE_STATUSES),
        to: "/dashboard/pendingOrders",
      },
      { label: "Delivered", value: counts.Delivered, to: "/dashboard/deliveredOrders" },
      { label: "Cancelled", value: counts.Cancelled, to: "/dashboard/cancelledOrders" },
    ];
  }
  return [
    {
      label: "Active Orders",
      value: sum(counts, CUSTOMER_ACTIVE_STATUSES),
      to: "/dashboard/activeOrders",
    },
    { label: "Delivered", value: counts.Delivered, to: "/dashboard/myShopping" },
    { label: "My Cancellations", value: counts.Cancelled, to: "/dashboard/myCancellations" },
    { label: "My Returns", value: counts.Return, to: "/dashboard/myReturn" },
  ];
}
