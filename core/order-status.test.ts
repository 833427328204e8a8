import { describe, expect, it } from "vitest";
import {
  ADMIN_ACTIVE_STATUSES,
  allowedNextStatuses,
  CUSTOMER_ACTIVE_STATUSES,
  canDeleteOrder,
  canTransition,
  DELETABLE_ORDER_STATUSES,
  isOrderStatus,
  ORDER_STATUSES,
  type OrderStatus,
  ROLES,
  type Role,
} from "./order-status";

// The table in shared/spec/decisions.md, written out independently of the module.
const EXPECTED: Record<Role, Record<OrderStatus, OrderStatus[]>> = {
  admin: {
    Pending: ["Confirmed", "Cancelled"],
    Confirmed: ["Shipping", "Delivered", "Cancelled"],
    Shipping: ["Delivered", "Cancelled"],
    Cancelled: ["Confirmed"],
    Delivered: [],
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
    expect(canTransition("Delivered", "Return", "admin")).toBe(false);
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
