import { describe, expect, it } from "vitest";
import { orderInputSchema } from "~/core/schemas/order";
import { orderRequestHash } from "./orders";

const request = {
  date: "05 Mar, 2026",
  placedAt: "2026-03-05T10:00:00.000Z",
  time: "04:00 pm",
  subTotal: 990,
  total: 1050,
  orderStatus: "Pending",
  products: [
    {
      id: "p1",
      name: "Bag",
      imageUrl: "",
      color: "Black",
      size: "N/A",
      originalPrice: 990,
      quantity: 1,
    },
  ],
  customerData: {
    name: "Rahim Uddin",
    email: "rahim@example.com",
    mobileNumber: "01712345678",
    district: "ঢাকা",
    thana: "মিরপুর",
    address: "House 12",
    comment: "",
    addressType: "Home",
    deliveryArea: "Inside Dhaka",
    paymentSystem: "Cash On Delivery",
    deliveryCharge: 60,
  },
};

const hashOf = (body: unknown) => orderRequestHash(orderInputSchema.parse(body));

describe("orderRequestHash", () => {
  it("is the same for a retry: clock fields, spacing and email case do not count", () => {
    const retry = {
      ...request,
      date: "06 Mar, 2026",
      time: "04:01 pm",
      placedAt: "2026-03-05T10:01:00.000Z",
      customerData: { ...request.customerData, email: " Rahim@Example.com ", name: " Rahim Uddin" },
    };
    expect(hashOf(retry)).toBe(hashOf(request));
  });

  it("differs when the order asks for something else", () => {
    const more = { ...request, products: [{ ...request.products[0], quantity: 2 }] };
    const outside = {
      ...request,
      customerData: { ...request.customerData, deliveryArea: "Outside Dhaka" },
    };
    expect(hashOf(more)).not.toBe(hashOf(request));
    expect(hashOf(outside)).not.toBe(hashOf(request));
    expect(hashOf({ ...request, total: 1051 })).not.toBe(hashOf(request));
  });
});
