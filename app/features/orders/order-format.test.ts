import { describe, expect, it } from "vitest";
import { withReason } from "./messages";
import { changedBy, historyChange, lineOptions, orderDateTime } from "./order-format";
import {
  orderInvoicePath,
  orderListFor,
  orderListForPath,
  orderListSearch,
  orderOverviewPath,
} from "./paths";

describe("order texts", () => {
  it("shows colour and size unless N/A", () => {
    expect(lineOptions({ color: "Black", size: "XL" })).toEqual(["Colour: Black", "Size: XL"]);
    expect(lineOptions({ color: "N/A", size: "M" })).toEqual(["Size: M"]);
    expect(lineOptions({ color: "N/A", size: "N/A" })).toEqual([]);
  });

  it("writes dates in Dhaka time", () => {
    expect(orderDateTime("2025-03-05T15:05:00Z")).toBe("05 Mar, 2025, 09:05 pm");
  });

  it("says who changed a status and how", () => {
    expect(changedBy({ byName: "Rahim", byRole: "admin" })).toBe("Rahim (admin)");
    expect(changedBy({ byName: null, byRole: "customer" })).toBe("customer");
    expect(changedBy({ byName: null, byRole: "system" })).toBe("the shop");
    expect(historyChange({ from: null, to: "Pending" })).toBe("Placed as Pending");
    expect(historyChange({ from: "Pending", to: "Confirmed" })).toBe("Pending → Confirmed");
  });

  it("adds the server's reason to a failure message", () => {
    expect(withReason("Failed to update order status.", undefined)).toBe(
      "Failed to update order status.",
    );
    expect(
      withReason(
        "Failed to update order status.",
        "An order that is Delivered cannot be set to Confirmed",
      ),
    ).toBe("Failed to update order status. An order that is Delivered cannot be set to Confirmed.");
  });
});

describe("order paths", () => {
  it("builds the spec's overview and invoice paths", () => {
    expect(orderOverviewPath("abc")).toBe("/dashboard/order-overview/abc");
    expect(orderInvoicePath("abc")).toBe("/dashboard/order-overview/abc/invoice/abc");
  });

  it("finds the list of a path, also for data requests", () => {
    expect(orderListForPath("/dashboard/pendingOrders")?.title).toBe("Pending Orders");
    expect(orderListForPath("/dashboard/myReturn.data")?.title).toBe("My Return");
    expect(orderListForPath("/dashboard/nothing")).toBeUndefined();
  });

  it("finds the list that shows a status on each side", () => {
    expect(orderListFor("Shipping", "admin").slug).toBe("confirmedOrders");
    expect(orderListFor("Shipping", "customer").slug).toBe("activeOrders");
    expect(orderListFor("Return", "customer").slug).toBe("myReturn");
  });

  it("keeps only what a list URL needs", () => {
    expect(orderListSearch({})).toBe("");
    expect(orderListSearch({ q: "  017 " })).toBe("?q=017");
    expect(orderListSearch({ q: "", cursor: "abc" })).toBe("?cursor=abc");
  });
});
