import { chargeForOrder, DEFAULT_FREE_DELIVERY_OVER } from "../../core/delivery";

/** A product as GET /api/products and GET /api/product/:id answer it: what an order of it needs. */
export type ApiProduct = {
  _id: string;
  name: string;
  images: string[];
  colors: string[];
  sizes: string[];
  offerPrice: number | null;
  originalPrice: number;
};

export type OrderCustomer = {
  name: string;
  email: string;
  /** The bench's traffic puts `{{phone}}` here and fills it in per order. */
  mobileNumber: string;
  address?: string;
  comment?: string;
};

/**
 * POST /api/postOrder's body (spec §7) as the checkout sends it: one piece of `product` at its
 * shown price, in its first colour and size, delivered in Mirpur, Dhaka, cash on delivery, with
 * the charge the shop's default rule gives (free from ৳5,000). The client's date, time and
 * status are left out: the server ignores them (core/schemas/order.ts).
 */
export function apiOrderBody(product: ApiProduct, customer: OrderCustomer) {
  const price = product.offerPrice ?? product.originalPrice;
  const charge = chargeForOrder("Inside Dhaka", price, DEFAULT_FREE_DELIVERY_OVER);
  return {
    subTotal: price,
    total: price + charge,
    products: [
      {
        id: product._id,
        name: product.name,
        imageUrl: product.images[0] ?? "",
        // A product that offers colours or sizes is ordered in one of them (issue 20 item 15).
        color: product.colors[0] ?? "N/A",
        size: product.sizes[0] ?? "N/A",
        originalPrice: price,
        quantity: 1,
      },
    ],
    customerData: {
      ...customer,
      address: customer.address ?? "House 12, Road 3, Section 10",
      comment: customer.comment ?? "",
      district: "ঢাকা",
      thana: "মিরপুর",
      addressType: "Home",
      deliveryArea: "Inside Dhaka",
      paymentSystem: "Cash On Delivery",
      deliveryCharge: charge,
    },
  };
}
