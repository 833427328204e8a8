import { NOT_APPLICABLE } from "~/core/cart-lines";
import { freeDeliveryProgress } from "~/core/delivery";
import { colorName } from "./catalogue-names";
import type { Translator } from "./translator";

/**
 * "Free delivery" / "Add ৳N more for free delivery" (core/delivery.ts freeDeliveryNote) in the
 * page's language; null when the shop has no free-delivery rule.
 */
export function freeDeliveryText(
  subTotal: number,
  freeOver: number,
  { t, taka }: Pick<Translator, "t" | "taka">,
): string | null {
  const progress = freeDeliveryProgress(subTotal, freeOver);
  if (!progress) return null;
  return progress.free
    ? t("delivery.free")
    : t("delivery.addMore", { amount: taka(progress.remaining) });
}

/** A cart line's name with its colour and size, "Name (Black, XL)" (cart-store lineLabel). */
export function lineLabelIn(
  item: { name: string; color: string; size: string },
  t: Translator["t"],
): string {
  const options = [
    item.color && item.color !== NOT_APPLICABLE ? colorName(t, item.color) : null,
    item.size && item.size !== NOT_APPLICABLE ? item.size : null,
  ].filter(Boolean);
  return options.length > 0 ? `${item.name} (${options.join(", ")})` : item.name;
}
