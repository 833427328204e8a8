import { describe, expect, it } from "vitest";
import { dashboardCards } from "./dashboard-cards";

const counts = { Pending: 3, Confirmed: 2, Shipping: 4, Delivered: 5, Cancelled: 6, Return: 7 };

describe("dashboardCards", () => {
  it("shows admins products and Pending + Confirmed as active (decisions.md)", () => {
    expect(dashboardCards("admin", counts, 180)).toEqual([
      { label: "Total Products", value: 180, to: "/dashboard/allProducts" },
      { label: "Active Orders", value: 5, to: "/dashboard/pendingOrders" },
      { label: "Delivered", value: 5, to: "/dashboard/deliveredOrders" },
      { label: "Cancelled", value: 6, to: "/dashboard/cancelledOrders" },
    ]);
  });

  it("shows customers Pending, Confirmed and Shipping as active, and Return as My Returns", () => {
    expect(dashboardCards("customer", counts, null)).toEqual([
      { label: "Active Orders", value: 9, to: "/dashboard/activeOrders" },
      { label: "Delivered", value: 5, to: "/dashboard/myShopping" },
      { label: "My Cancellations", value: 6, to: "/dashboard/myCancellations" },
      { label: "My Returns", value: 7, to: "/dashboard/myReturn" },
    ]);
  });
});
