import type { MessageKey } from "~/app/i18n/keys";
import type { Translator } from "~/app/i18n/translator";
import { ORDER_CODE_MESSAGES, TRACK_MESSAGES } from "~/core/order-tracking";

/**
 * The order code's and tracking's answers (core/order-tracking.ts writes them in English, the
 * API's language) in the page's language; a text not listed is shown as written.
 */
const KEYS: Readonly<Record<string, MessageKey>> = {
  [ORDER_CODE_MESSAGES.verified]: "track.verified",
  [ORDER_CODE_MESSAGES.expired]: "track.code.expired",
  [ORDER_CODE_MESSAGES.locked]: "track.code.locked",
  [TRACK_MESSAGES.orderNumber]: "track.issue.orderNumber",
  [TRACK_MESSAGES.notFound]: "track.issue.notFound",
  [TRACK_MESSAGES.phone]: "issue.mobileInvalid",
  "Please check both fields.": "track.issue.checkBoth",
  "Please check the order number and phone number.": "track.issue.checkPair",
};

export function orderCodeText(t: Translator["t"], message: string): string {
  return Object.hasOwn(KEYS, message) ? t(KEYS[message] as MessageKey) : message;
}
