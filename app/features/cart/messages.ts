import type { Translator } from "~/app/i18n/translator";
import { DELIVERY_CHARGES } from "~/core/delivery";
import { formatTaka } from "~/core/money";

/** Spec §2: the order succeeded; the shop phones to confirm before preparing delivery. */
export const ORDER_SUCCESS_MESSAGE =
  "আপনার অর্ডারটি সফলভাবে সম্পন্ন হয়েছে! ডেলিভারির আগে আমাদের প্রতিনিধি ফোন করে অর্ডারটি নিশ্চিত করবেন।";

const charges = `${formatTaka(DELIVERY_CHARGES["Inside Dhaka"])} inside Dhaka and ${formatTaka(DELIVERY_CHARGES["Outside Dhaka"])} outside`;

/**
 * What the cart and checkout pages say under their heading. The server renders it, while the
 * items themselves live in the browser and appear once the page's script runs.
 */
/** The delivery charges as a page writes them, for the cart's and checkout's intro messages. */
export function deliveryCharges({ taka }: Pick<Translator, "taka">) {
  return {
    inside: taka(DELIVERY_CHARGES["Inside Dhaka"]),
    outside: taka(DELIVERY_CHARGES["Outside Dhaka"]),
  };
}

export const CART_INTRO = `Untick what you do not want to order now, then press Proceed To Checkout. We deliver anywhere in Bangladesh and you pay cash on delivery; delivery costs ${charges}.`;
export const CHECKOUT_INTRO = `Fill in your details and press Confirm Order. We phone you to confirm the order before we send it, and you pay the courier in cash when it arrives; delivery costs ${charges}.`;
