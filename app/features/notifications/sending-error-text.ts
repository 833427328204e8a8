import type { Translator } from "~/app/i18n/translator";
import { rewrittenText, type WrittenText } from "~/app/i18n/written-texts";

type Tr = Pick<Translator, "lang" | "t" | "count" | "digits">;

/** The SMS gateways as the senders name them in their errors (server/notify/sms.ts's labels). */
export const SMS_GATEWAY_NAMES = ["SSL Wireless", "BulkSMSBD", "Alpha SMS"] as const;
const GATEWAY = `(${SMS_GATEWAY_NAMES.join("|")})`;

type Pattern = WrittenText<Tr>;

/** What server/notify writes when a customer's SMS or email was not sent, with values in it. */
const PATTERNS: readonly Pattern[] = [
  [/^No more tries$/, (tr) => tr.t("dash.orders.said.message.noMoreTries")],
  [
    /^Not sent: more than (\d+) order emails to this address within (\d+) minutes \(someone may be ordering with another person's email\)$/,
    (tr, [, count, minutes]) =>
      tr.t("dash.orders.said.message.tooManyMails", {
        count: tr.count(Number(count)),
        minutes: tr.count(Number(minutes)),
      }),
  ],
  [
    /^(?:(.+)\. )?An earlier try got no answer and may have been delivered; not sent again to avoid a second message$/s,
    (tr, [, before]) => {
      const why = tr.t("dash.orders.said.message.noAnswerEarlier");
      return before ? `${sendingErrorText(tr, before)}। ${why}` : why;
    },
  ],
  [
    /^(.+); it may have been delivered, so it is not sent again$/s,
    (tr, [, why]) =>
      tr.t("dash.orders.said.message.mayBeDelivered", { why: sendingErrorText(tr, why ?? "") }),
  ],
  [
    new RegExp(`^No answer from ${GATEWAY} within (\\d+) s$`),
    (tr, [, gateway, seconds]) =>
      tr.t("dash.orders.said.message.noAnswer", {
        gateway: gateway ?? "",
        seconds: tr.count(Number(seconds)),
      }),
  ],
  [
    new RegExp(`^${GATEWAY} could not be reached \\((.*)\\)$`, "s"),
    (tr, [, gateway, why]) =>
      tr.t("dash.orders.said.message.unreachable", { gateway: gateway ?? "", why: why ?? "" }),
  ],
  [
    new RegExp(`^${GATEWAY}'s answer broke off \\((.*)\\)$`, "s"),
    (tr, [, gateway, why]) =>
      tr.t("dash.orders.said.message.brokeOff", { gateway: gateway ?? "", why: why ?? "" }),
  ],
  [
    new RegExp(`^${GATEWAY} answered (\\d+) without JSON: (.*)$`, "s"),
    (tr, [, gateway, status, text]) =>
      tr.t("dash.orders.said.message.notJson", {
        gateway: gateway ?? "",
        status: tr.digits(status ?? ""),
        text: text ?? "",
      }),
  ],
  [
    new RegExp(`^${GATEWAY} refused the message \\((.*)\\)$`, "s"),
    (tr, [, gateway, why]) =>
      tr.t("dash.orders.said.message.refused", { gateway: gateway ?? "", why: why ?? "" }),
  ],
];

/**
 * Why a customer's SMS or email was not sent (a message's `lastError`, written in English by
 * server/notify) in the page's language. The gateway's or mail server's own words stay as they
 * said them; a text not known is shown as written.
 */
export function sendingErrorText(tr: Tr, error: string): string {
  return tr.lang === "en" ? error : rewrittenText(tr, error, PATTERNS);
}
