import type { MessageKey } from "~/app/i18n/keys";
import type { Translator } from "~/app/i18n/translator";
import { waitText } from "~/app/i18n/wait-text";
import { ORDER_CODE_MESSAGES, TRACK_MESSAGES } from "~/core/order-tracking";

/**
 * The order code's and tracking's answers (core/order-tracking.ts and the code service write them
 * in English, the API's language) in the page's language; a text not listed is shown as written.
 */
const KEYS: Readonly<Record<string, MessageKey>> = {
  [ORDER_CODE_MESSAGES.verified]: "track.verified",
  [ORDER_CODE_MESSAGES.expired]: "track.code.expired",
  [ORDER_CODE_MESSAGES.locked]: "track.code.locked",
  [ORDER_CODE_MESSAGES.resent]: "track.code.resent",
  [ORDER_CODE_MESSAGES.noResendLeft]: "track.code.noResendLeft",
  [ORDER_CODE_MESSAGES.alreadyVerified]: "track.code.alreadyVerified",
  [TRACK_MESSAGES.orderNumber]: "track.issue.orderNumber",
  [TRACK_MESSAGES.notFound]: "track.issue.notFound",
  [TRACK_MESSAGES.phone]: "issue.mobileInvalid",
  "Enter the 6-digit code from the SMS": "track.code.enter",
  "Please check both fields.": "track.issue.checkBoth",
  "Please check the order number and phone number.": "track.issue.checkPair",
};

/** server/services/order-codes.ts wrongCodeMessage. */
const WRONG_CODE = /^That code is not right\. (\d+) tr(?:y|ies) left\.$/;

export function orderCodeText(tr: Pick<Translator, "t" | "count">, message: string): string {
  if (Object.hasOwn(KEYS, message)) return tr.t(KEYS[message] as MessageKey);
  const wrong = WRONG_CODE.exec(message);
  if (wrong) {
    const n = Number(wrong[1]);
    return tr.t(n === 1 ? "track.code.wrong.one" : "track.code.wrong.other", {
      count: tr.count(n),
    });
  }
  return waitText(tr, message) ?? message;
}
