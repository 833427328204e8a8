import { priceShown } from "~/core/money";
import type { Product } from "~/core/schemas";
import { type CartItem, NOT_APPLICABLE } from "../cart/cart-store";

/** Spec §3: the cart item Add To Cart and Order Now hand on. */
export function cartItemFor(
  product: Product,
  choice: { color: string | null; size: string | null; quantity: number },
  customerEmail: string | undefined,
): CartItem {
  return {
    id: product._id,
    name: product.name,
    imageUrl: product.images[0] ?? "",
    color: choice.color ?? NOT_APPLICABLE,
    size: choice.size ?? NOT_APPLICABLE,
    quantity: choice.quantity,
    originalPrice: priceShown(product),
    customerEmail,
  };
}
