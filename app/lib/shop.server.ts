import type { ShopInfo } from "~/core/shop";
import type { AppContext } from "~/server/app-context";

export function shopInfo({ config }: AppContext): ShopInfo {
  return {
    name: config.SHOP_NAME,
    phone: config.SHOP_PHONE,
    email: config.SHOP_EMAIL,
    address: config.SHOP_ADDRESS,
    facebookUrl: config.SHOP_FACEBOOK_URL,
    publicUrl: config.publicUrl,
    freeDeliveryOver: config.FREE_DELIVERY_OVER,
  };
}
