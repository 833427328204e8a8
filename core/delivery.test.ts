import { describe, expect, it } from "vitest";
import {
  DEFAULT_FREE_DELIVERY_OVER,
  DELIVERY_AREAS,
  DELIVERY_CHARGES,
  deliveryCharge,
  freeDeliveryNote,
  freeDeliveryProgress,
  isDeliveryArea,
  orderTotals,
} from "./delivery";
import { DHAKA_METRO_THANAS, deliveryAreaFor } from "./dhaka-thanas";
import { DISTRICTS } from "./districts";

describe("delivery charges", () => {
  it("charges 60 inside Dhaka and 120 outside", () => {
    expect(DELIVERY_AREAS).toEqual(["Inside Dhaka", "Outside Dhaka"]);
    expect(DELIVERY_CHARGES).toEqual({ "Inside Dhaka": 60, "Outside Dhaka": 120 });
    expect(deliveryCharge("Inside Dhaka")).toBe(60);
    expect(deliveryCharge("Outside Dhaka")).toBe(120);
    expect(DEFAULT_FREE_DELIVERY_OVER).toBe(5000);
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
    expect(orderTotals(lines, "Inside Dhaka", 5000)).toEqual({
      subTotal: 1997,
      deliveryCharge: 60,
      total: 2057,
    });
    expect(orderTotals(lines, "Outside Dhaka", 5000)).toEqual({
      subTotal: 1997,
      deliveryCharge: 120,
      total: 2117,
    });
  });

  it("delivers free once the sub-total reaches the threshold, and never with 0", () => {
    // The ৳6,720 order of issue 20 was charged ৳120 although the page promised free shipping.
    expect(orderTotals([{ unitPrice: 3360, quantity: 2 }], "Outside Dhaka", 5000)).toEqual({
      subTotal: 6720,
      deliveryCharge: 0,
      total: 6720,
    });
    expect(orderTotals([{ unitPrice: 5000, quantity: 1 }], "Inside Dhaka", 5000).total).toBe(5000);
    expect(orderTotals([{ unitPrice: 4999, quantity: 1 }], "Inside Dhaka", 5000).total).toBe(5059);
    expect(orderTotals([{ unitPrice: 6000, quantity: 1 }], "Outside Dhaka", 0).total).toBe(6120);
    expect(orderTotals([{ unitPrice: 6000, quantity: 1 }], "Outside Dhaka", 8000).total).toBe(6120);
  });

  it("handles an empty list", () => {
    expect(orderTotals([], "Inside Dhaka", 5000)).toEqual({
      subTotal: 0,
      deliveryCharge: 60,
      total: 60,
    });
  });

  it("refuses fractional prices and bad quantities", () => {
    expect(() => orderTotals([{ unitPrice: 10.5, quantity: 1 }], "Inside Dhaka", 5000)).toThrow(
      RangeError,
    );
    expect(() => orderTotals([{ unitPrice: -1, quantity: 1 }], "Inside Dhaka", 5000)).toThrow(
      RangeError,
    );
    expect(() => orderTotals([{ unitPrice: 10, quantity: 0 }], "Inside Dhaka", 5000)).toThrow(
      RangeError,
    );
    expect(() => orderTotals([{ unitPrice: 10, quantity: 1.5 }], "Inside Dhaka", 5000)).toThrow(
      RangeError,
    );
  });
});

describe("deliveryAreaFor", () => {
  const dhaka = DISTRICTS.find((d) => d.name === "Dhaka");

  it("puts Dhaka city's metropolitan thanas Inside Dhaka", () => {
    expect(deliveryAreaFor("ঢাকা", "মিরপুর")).toBe("Inside Dhaka");
    expect(deliveryAreaFor(" ঢাকা ", "ধানমন্ডি")).toBe("Inside Dhaka");
    for (const t of DHAKA_METRO_THANAS) {
      expect(
        dhaka?.thanas.some((x) => x.bnName === t.bnName),
        t.name,
      ).toBe(true);
      expect(deliveryAreaFor("ঢাকা", t.bnName), t.name).toBe("Inside Dhaka");
    }
  });

  it("puts Dhaka district's upazilas outside the city, and every other district, Outside Dhaka", () => {
    const outsideCity = dhaka?.thanas.filter(
      (t) => deliveryAreaFor("ঢাকা", t.bnName) !== "Inside Dhaka",
    );
    expect(outsideCity?.map((t) => t.name).sort()).toEqual([
      "Dhamrai",
      "Dohar",
      "Keraniganj",
      "Nawabganj",
      "Savar",
    ]);
    // The addresses of issue 20: Chattogram and Sylhet are not Inside Dhaka.
    expect(deliveryAreaFor("চট্টগ্রাম", "পটিয়া")).toBe("Outside Dhaka");
    expect(deliveryAreaFor("সিলেট", "")).toBe("Outside Dhaka");
    // Mirpur of Kushtia is not Dhaka's Mirpur.
    expect(deliveryAreaFor("কুষ্টিয়া", "মিরপুর")).toBe("Outside Dhaka");
    for (const d of DISTRICTS.filter((x) => x.name !== "Dhaka")) {
      for (const t of d.thanas) expect(deliveryAreaFor(d.bnName, t.bnName)).toBe("Outside Dhaka");
    }
  });

  it("decides nothing before the district, or Dhaka before its thana", () => {
    expect(deliveryAreaFor("", "")).toBeNull();
    expect(deliveryAreaFor("ঢাকা", "")).toBeNull();
  });
});

describe("free delivery in the cart and checkout", () => {
  it("says how much more earns free delivery, or that it is free", () => {
    expect(freeDeliveryProgress(3000, 5000)).toEqual({ free: false, remaining: 2000 });
    expect(freeDeliveryProgress(5000, 5000)).toEqual({ free: true, remaining: 0 });
    expect(freeDeliveryProgress(9000, 0)).toBeNull();
    expect(freeDeliveryNote(3000, 5000)).toBe("Add ৳2,000 more for free delivery");
    expect(freeDeliveryNote(6720, 5000)).toBe("Free delivery");
    expect(freeDeliveryNote(6720, 0)).toBeNull();
  });
});
