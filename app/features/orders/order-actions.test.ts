import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, type OrderStatus } from "~/core/order-status";
import {
  cancelsByPhone,
  isReturnOpen,
  orderActions,
  orderActionsOf,
  returnByText,
  statusChangeSentence,
} from "./order-actions";

const labels = (status: OrderStatus, side: "admin" | "customer", viewer?: "admin" | "customer") =>
  orderActions(status, side, viewer).map((a) => (a.disabled ? `(${a.label})` : a.label));

describe("orderActions", () => {
  it("gives the admin lists the spec's buttons (spec §4, decisions.md)", () => {
    expect(labels("Pending", "admin")).toEqual(["Confirm", "Cancel"]);
    expect(labels("Confirmed", "admin")).toEqual(["Shipping", "Delivered", "Cancel"]);
    // Shipping stays, disabled, on an order that is already Shipping.
    expect(labels("Shipping", "admin")).toEqual(["(Shipping)", "Delivered", "Cancel"]);
    expect(labels("Cancelled", "admin")).toEqual(["Confirm", "Delete"]);
    // A return the customer reports by phone is recorded by the admin (decisions.md "Returns").
    expect(labels("Delivered", "admin")).toEqual(["Record return", "Delete"]);
    // Issue 22: the goods of a return come back on the shelf once an admin says so.
    expect(labels("Return", "admin")).toEqual(["Return received", "Delete"]);
    expect(orderActions("Return", "admin", "admin", true, true).map((a) => a.label)).toEqual([
      "Delete",
    ]);
  });

  it("gives the customer's lists Cancel Order, Return and re-confirm", () => {
    for (const s of ["Pending", "Confirmed", "Shipping"] as const) {
      expect(labels(s, "customer")).toEqual(["Cancel Order"]);
    }
    expect(labels("Delivered", "customer")).toEqual(["Return"]);
    expect(labels("Cancelled", "customer")).toEqual(["Confirm"]);
    expect(labels("Return", "customer")).toEqual([]);
  });

  it("maps each button to the status it sets", () => {
    const targets = (s: OrderStatus, side: "admin" | "customer") =>
      orderActions(s, side).map((a) => (a.kind === "status" ? a.to : "delete"));
    expect(targets("Pending", "admin")).toEqual(["Confirmed", "Cancelled"]);
    expect(targets("Shipping", "admin")).toEqual(["Shipping", "Delivered", "Cancelled"]);
    expect(targets("Cancelled", "admin")).toEqual(["Confirmed", "delete"]);
    expect(targets("Confirmed", "customer")).toEqual(["Cancelled"]);
    expect(targets("Delivered", "customer")).toEqual(["Return"]);
  });

  it("offers an admin on their own customer lists only what the server lets an admin do", () => {
    // decisions.md "Returns": an admin may record a return at any time.
    expect(labels("Delivered", "customer", "admin")).toEqual(["Return"]);
    expect(labels("Pending", "customer", "admin")).toEqual(["Cancel Order"]);
    expect(labels("Cancelled", "customer", "admin")).toEqual(["Confirm"]);
  });

  it("hides the owner's Return once the return window has passed, not an admin's", () => {
    expect(orderActions("Delivered", "customer", "customer", false)).toEqual([]);
    expect(orderActions("Delivered", "customer", "customer", true).map((a) => a.label)).toEqual([
      "Return",
    ]);
    expect(orderActions("Delivered", "customer", "admin", false).map((a) => a.label)).toEqual([
      "Return",
    ]);
  });

  it("takes the customer's Cancel away once a courier has the parcel: the shop cancels it by phone", () => {
    const parcel = {
      name: "steadfast" as const,
      consignmentId: "1",
      trackingCode: "SF1",
      status: null,
    };
    const order = (orderStatus: OrderStatus, courier: typeof parcel | null) => ({
      orderStatus,
      courier,
      returnBy: null,
      returnReceivedAt: null,
    });
    const names = (o: ReturnType<typeof order>, side: "admin" | "customer", viewer = side) =>
      orderActionsOf(o, side, viewer).map((a) => a.label);
    expect(names(order("Shipping", null), "customer")).toEqual(["Cancel Order"]);
    expect(names(order("Shipping", parcel), "customer")).toEqual([]);
    expect(cancelsByPhone(order("Shipping", parcel), "customer")).toBe(true);
    // An admin cancels through the courier (decision 078), on any list.
    expect(names(order("Shipping", parcel), "customer", "admin")).toEqual(["Cancel Order"]);
    expect(names(order("Shipping", parcel), "admin")).toEqual(["Shipping", "Delivered", "Cancel"]);
    // Nothing to phone about once the parcel reached its end.
    expect(cancelsByPhone(order("Delivered", parcel), "customer")).toBe(false);
  });

  it("tells whether a return is still open from the server's returnBy", () => {
    const returnBy = "2026-12-12T10:00:00.000Z";
    expect(isReturnOpen(returnBy, Date.parse("2026-12-12T09:59:59.000Z"))).toBe(true);
    expect(isReturnOpen(returnBy, Date.parse("2026-12-12T10:00:01.000Z"))).toBe(false);
    expect(isReturnOpen(null)).toBe(true);
  });

  it("says until when an order can be returned, in Dhaka's calendar", () => {
    const returnBy = "2026-12-12T10:00:00.000Z";
    expect(returnByText(returnBy, Date.parse("2026-12-01T00:00:00.000Z"))).toBe(
      "Return by 12 Dec, 2026",
    );
    expect(returnByText(returnBy, Date.parse("2026-12-13T00:00:00.000Z"))).toBe(
      "Return period ended 12 Dec, 2026",
    );
    expect(returnByText(null)).toBeNull();
  });

  it("never offers Delete on an order that is still being handled", () => {
    for (const s of ORDER_STATUSES) {
      const hasDelete = orderActions(s, "admin").some((a) => a.kind === "delete");
      expect({ s, hasDelete }).toEqual({
        s,
        hasDelete: ["Cancelled", "Delivered", "Return"].includes(s),
      });
      expect(orderActions(s, "customer").some((a) => a.kind === "delete")).toBe(false);
    }
  });
});

describe("statusChangeSentence", () => {
  it("names the order and the change", () => {
    expect(statusChangeSentence(1042, "Confirmed")).toBe("Order #1042 will be confirmed.");
    expect(statusChangeSentence(7, "Cancelled")).toBe("Order #7 will be cancelled.");
    expect(statusChangeSentence(7, "Shipping")).toBe("Order #7 will be set to Shipping.");
    expect(statusChangeSentence(7, "Return")).toBe("Order #7 will be returned to the shop.");
  });
});
