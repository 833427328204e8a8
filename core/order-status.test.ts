import { describe, expect, it } from "vitest";
import {
  ADMIN_ACTIVE_STATUSES,
  allowedNextStatuses,
  CUSTOMER_ACTIVE_STATUSES,
  canDeleteOrder,
  canTransition,
  courierNextStatus,
  DELETABLE_ORDER_STATUSES,
  isOrderStatus,
  ORDER_STATUSES,
  type OrderStatus,
  ROLES,
  type Role,
  returnDeadline,
  returnWindowClosedText,
} from "./order-status";

// The table in shared/spec/decisions.md, written out independently of the module.
const EXPECTED: Record<Role, Record<OrderStatus, OrderStatus[]>> = {
  admin: {
    Pending: ["Confirmed", "Cancelled"],
    Confirmed: ["Shipping", "Delivered", "Cancelled"],
    Shipping: ["Delivered", "Cancelled"],
    Cancelled: ["Confirmed"],
    Delivered: ["Return"],
    Return: [],
  },
  customer: {
    Pending: ["Cancelled"],
    Confirmed: ["Cancelled"],
    Shipping: ["Cancelled"],
    Cancelled: ["Confirmed"],
    Delivered: ["Return"],
    Return: [],
  },
};

describe("order statuses", () => {
  it("has the six statuses and two roles", () => {
    expect(ORDER_STATUSES).toEqual([
      "Pending",
      "Confirmed",
      "Shipping",
      "Delivered",
      "Cancelled",
      "Return",
    ]);
    expect(ROLES).toEqual(["admin", "customer"]);
    expect(isOrderStatus("Return")).toBe(true);
    expect(isOrderStatus("Returns")).toBe(false);
  });

  for (const role of ROLES) {
    describe(`${role} transitions`, () => {
      for (const from of ORDER_STATUSES) {
        it(`from ${from}: allows exactly ${EXPECTED[role][from].join(", ") || "nothing"}`, () => {
          expect([...allowedNextStatuses(from, role)].sort()).toEqual(
            [...EXPECTED[role][from]].sort(),
          );
          for (const to of ORDER_STATUSES) {
            expect(canTransition(from, to, role), `${from} -> ${to}`).toBe(
              EXPECTED[role][from].includes(to),
            );
          }
        });
      }
    });
  }

  it("never allows a status to 'change' to itself", () => {
    for (const role of ROLES) {
      for (const s of ORDER_STATUSES) expect(canTransition(s, s, role)).toBe(false);
    }
  });

  it("keeps customers from confirming, shipping or delivering a pending order", () => {
    expect(canTransition("Pending", "Confirmed", "customer")).toBe(false);
    expect(canTransition("Confirmed", "Shipping", "customer")).toBe(false);
    expect(canTransition("Shipping", "Delivered", "customer")).toBe(false);
  });

  it("lets an admin record a return at any time (decisions.md Returns)", () => {
    expect(canTransition("Delivered", "Return", "admin")).toBe(true);
  });

  it("puts the return deadline RETURN_DAYS after delivery", () => {
    const delivered = new Date("2026-12-05T10:00:00.000Z");
    expect(returnDeadline(delivered, 7).toISOString()).toBe("2026-12-12T10:00:00.000Z");
    expect(returnWindowClosedText(7)).toBe("Returns are accepted within 7 days of delivery");
    expect(returnWindowClosedText(1)).toBe("Returns are accepted within 1 day of delivery");
  });

  it("counts active orders per role", () => {
    expect(ADMIN_ACTIVE_STATUSES).toEqual(["Pending", "Confirmed"]);
    expect(CUSTOMER_ACTIVE_STATUSES).toEqual(["Pending", "Confirmed", "Shipping"]);
  });

  it("deletes only cancelled, delivered and returned orders", () => {
    expect(DELETABLE_ORDER_STATUSES).toEqual(["Cancelled", "Delivered", "Return"]);
    const deletable = ORDER_STATUSES.filter(canDeleteOrder);
    expect(deletable).toEqual(["Delivered", "Cancelled", "Return"]);
  });
});

describe("courierNextStatus (decision 051)", () => {
  it("books Confirmed into Shipping and ends Shipping in Delivered or Return", () => {
    expect(courierNextStatus("Confirmed", "booked")).toBe("Shipping");
    expect(courierNextStatus("Shipping", "delivered")).toBe("Delivered");
    expect(courierNextStatus("Shipping", "returned")).toBe("Return");
  });
  it("never moves an order twice or backwards", () => {
    expect(courierNextStatus("Shipping", "booked")).toBeNull();
    expect(courierNextStatus("Delivered", "returned")).toBeNull();
    expect(courierNextStatus("Return", "delivered")).toBeNull();
    expect(courierNextStatus("Confirmed", "delivered")).toBeNull();
    expect(courierNextStatus("Pending", "booked")).toBeNull();
  });
});
