import { describe, expect, it } from "vitest";
import {
  DELIVERY_AREAS,
  DELIVERY_CHARGES,
  deliveryCharge,
  FREE_SHIPPING_TEXT_THRESHOLD,
  isDeliveryArea,
  orderTotals,
} from "./delivery";

describe("delivery charges", () => {
  it("charges 60 inside Dhaka and 120 outside", () => {
    expect(DELIVERY_AREAS).toEqual(["Inside Dhaka", "Outside Dhaka"]);
    expect(DELIVERY_CHARGES).toEqual({ "Inside Dhaka": 60, "Outside Dhaka": 120 });
    expect(deliveryCharge("Inside Dhaka")).toBe(60);
    expect(deliveryCharge("Outside Dhaka")).toBe(120);
    expect(FREE_SHIPPING_TEXT_THRESHOLD).toBe(5000);
  });

  it("recognises the two areas only", () => {
    expect(isDeliveryArea("Inside Dhaka")).toBe(true);
    expect(isDeliveryArea("inside dhaka")).toBe(false);
    expect(isDeliveryArea(60)).toBe(false);
  });
});

describe("orderTotals", () => {
  it("adds the delivery charge to the sub-total", () => {
    const lines = [
      { unitPrice: 850, quantity: 2 },
      { unitPrice: 99, quantity: 3 },
    ];
    expect(orderTotals(lines, "Inside Dhaka")).toEqual({
      subTotal: 1997,
      deliveryCharge: 60,
      total: 2057,
    });
    expect(orderTotals(lines, "Outside Dhaka")).toEqual({
      subTotal: 1997,
      deliveryCharge: 120,
      total: 2117,
    });
  });

  it("does not waive the charge above the free-shipping text threshold", () => {
    expect(orderTotals([{ unitPrice: 6000, quantity: 1 }], "Outside Dhaka").total).toBe(6120);
  });

  it("handles an empty list", () => {
    expect(orderTotals([], "Inside Dhaka")).toEqual({ subTotal: 0, deliveryCharge: 60, total: 60 });
  });

  it("refuses fractional prices and bad quantities", () => {
    expect(() => orderTotals([{ unitPrice: 10.5, quantity: 1 }], "Inside Dhaka")).toThrow(
      RangeError,
    );
    expect(() => orderTotals([{ unitPrice: -1, quantity: 1 }], "Inside Dhaka")).toThrow(RangeError);
    expect(() => orderTotals([{ unitPrice: 10, quantity: 0 }], "Inside Dhaka")).toThrow(RangeError);
    expect(() => orderTotals([{ unitPrice: 10, quantity: 1.5 }], "Inside Dhaka")).toThrow(
      RangeError,
    );
  });
});
