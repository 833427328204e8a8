import { courierLabelIn, courierName } from "~/app/i18n/courier-name";
import type { MessageKey } from "~/app/i18n/keys";
import { shortLineText } from "~/app/i18n/short-line-text";
import type { Translator } from "~/app/i18n/translator";
import { rewrittenText, type WrittenText } from "~/app/i18n/written-texts";
import { isCourierName, parcelStatusKey } from "~/core/courier";
import type { CANCEL_REASONS, CallOutcome } from "~/core/order-calls";
import type { OrderList } from "~/core/order-lists";
import type { OrderStatus } from "~/core/order-status";
import type { OrderHistoryEntry, OrderLineView } from "~/core/order-view";
import { ORDER_MESSAGES, orderFailureText } from "./messages";
import { type OrderAction, returnByText } from "./order-actions";
import { confirmOptions } from "./order-change-form";
import { changedBy, historyChange, lineOptions, orderDateTime } from "./order-format";

/*
 * The order screens' texts in the page's language. English keeps the words the functions of
 * messages.ts, order-actions.ts, order-change-form.ts and order-format.ts write (the spec's and
 * the tests'): in English mode these helpers call them; in Bengali they use "dash.orders." keys.
 */

type Tr = Pick<Translator, "lang" | "t" | "count" | "digits" | "date" | "time">;

/** A key of this area by its tail ("dash.orders." + tail). */
function k(tail: string): MessageKey {
  return `dash.orders.${tail}` as MessageKey;
}

/** The key's message, or `fallback` when the page has no such message. */
function known(tr: Tr, key: MessageKey, fallback: string): string {
  const text = tr.t(key);
  return text === key ? fallback : text;
}

export function statusName(tr: Tr, status: string): string {
  return known(tr, `status.${status}` as MessageKey, status);
}

export function listTitle(tr: Tr, list: Pick<OrderList, "slug" | "title">): string {
  return known(tr, k(`list.${list.slug}`), list.title);
}

export function listEmpty(tr: Tr, list: Pick<OrderList, "slug" | "empty">): string {
  return known(tr, k(`empty.${list.slug}`), list.empty);
}

/** "3 orders" in the page's digits. */
export function ordersCount(tr: Tr, n: number): string {
  return tr.t(k(n === 1 ? "count.one" : "count.other"), { count: tr.count(n) });
}

/** "#1042" in the page's digits. */
export function orderNo(tr: Tr, orderNumber: number): string {
  return tr.digits(String(orderNumber));
}

const ACTION_KEYS: Record<string, string> = {
  Confirm: "action.confirm",
  Shipping: "action.shipping",
  Delivered: "action.delivered",
  Cancel: "action.cancel",
  "Cancel Order": "action.cancelOrder",
  Return: "action.return",
  "Record return": "action.recordReturn",
  Delete: "action.delete",
  "Return received": "action.returnReceived",
};

/** An order button's word (its spec word in English). */
export function actionLabel(tr: Tr, action: Pick<OrderAction, "label">): string {
  const tail = ACTION_KEYS[action.label];
  return tail ? tr.t(k(tail)) : action.label;
}

export function callOutcomeLabel(tr: Tr, outcome: CallOutcome): string {
  return tr.t(k(`call.${outcome}`));
}

const REASON_KEYS: Record<(typeof CANCEL_REASONS)[number], string> = {
  "Customer cancelled": "reason.customer",
  "Fake order": "reason.fake",
  "Duplicate order": "reason.duplicate",
  "Out of delivery area": "reason.outOfArea",
};

/** A cancel reason of the short list in the page's language; the caller's own words as written. */
export function reasonLabel(tr: Tr, reason: string): string {
  return Object.hasOwn(REASON_KEYS, reason)
    ? tr.t(k(REASON_KEYS[reason as keyof typeof REASON_KEYS]))
    : reason;
}

/** "05 Mar, 2025, 09:05 pm" in Dhaka time, in the page's language. */
export function dateTime(tr: Tr, at: string | Date): string {
  return tr.lang === "en" ? orderDateTime(at) : `${tr.date(at)}, ${tr.time(at)}`;
}

export function returnByLine(tr: Tr, returnBy: string | null, now = Date.now()): string | null {
  if (tr.lang === "en" || returnBy === null) return returnByText(returnBy, now);
  const day = tr.date(returnBy);
  return now <= Date.parse(returnBy)
    ? tr.t(k("returnBy"), { day })
    : tr.t(k("returnEnded"), { day });
}

export function lineOptionsText(tr: Tr, line: Pick<OrderLineView, "color" | "size">): string[] {
  const options = lineOptions(line);
  if (tr.lang === "en") return options;
  return options.map((option) => {
    const [name, value = ""] = option.split(": ");
    return name === "Colour"
      ? tr.t(k("line.colour"), { colour: known(tr, `color.${value}` as MessageKey, value) })
      : tr.t(k("line.size"), { size: value });
  });
}

export function changedByText(tr: Tr, entry: Pick<OrderHistoryEntry, "byName" | "byRole">): string {
  if (tr.lang === "en") return changedBy(entry);
  const role = tr.t(k(`role.${entry.byRole}`));
  return entry.byName ? tr.t(k("history.byNamed"), { name: entry.byName, role }) : role;
}

/** How a note of the server's names what made a change ("by courier booking", …), in Bengali. */
const NOTE_PREFIXES_BN: [RegExp, (tr: Tr, found: string) => string][] = [
  [/^by courier booking$/, () => "কুরিয়ার বুকিংয়ে"],
  [/^by confirmation call$/, () => "নিশ্চিতকরণ কলে"],
  [/^by confirmation call: /, () => "নিশ্চিতকরণ কলে: "],
  [/^by courier: (\w+) — /, (tr, courier) => `কুরিয়ারের খবরে: ${courierLabelIn(tr.t, courier)} — `],
  [/^by courier: /, () => "কুরিয়ারের খবরে: "],
];

/**
 * Who or what made a history entry, after its time: ", by Rahim (admin)"; the server's note for a
 * change nobody made by hand (", by courier booking", ", by courier: Steadfast — Delivered", the
 * courier's own words kept); and a guest's own order ", by a guest customer".
 */
export function historyByText(
  tr: Tr,
  entry: Pick<OrderHistoryEntry, "from" | "byName" | "byRole" | "note">,
): string {
  if (entry.note) {
    if (tr.lang === "en") return `, ${entry.note}`;
    const note = entry.note;
    const match = NOTE_PREFIXES_BN.find(([prefix]) => prefix.test(note));
    return `, ${match ? note.replace(match[0], (_, found: string) => match[1](tr, found)) : note}`;
  }
  if (entry.from === null && entry.byRole === "system") return tr.t(k("history.byGuest"));
  return tr.t(k("by"), { name: changedByText(tr, entry) });
}

/** A courier's parcel status in the page's language; one no courier is known to send, as sent. */
export function parcelStatusText(tr: Tr, status: string): string {
  return known(tr, k(`parcel.${parcelStatusKey(status)}`), status);
}

export function historyText(tr: Tr, entry: Pick<OrderHistoryEntry, "from" | "to">): string {
  if (tr.lang === "en") return historyChange(entry);
  const to = statusName(tr, entry.to);
  return entry.from
    ? tr.t(k("history.change"), { from: statusName(tr, entry.from), to })
    : tr.t(k("history.placed"), { status: to });
}

type ConfirmTexts = {
  title: string;
  text: string;
  confirmText: string;
  cancelText: string;
  destructive: boolean;
};

/** The "Are you sure?" of an order change (confirmOptions) in the page's language. */
export function confirmTexts(
  tr: Tr,
  orderNumber: number,
  change: { intent: string; to?: OrderStatus },
): ConfirmTexts {
  const english: ConfirmTexts = confirmOptions(orderNumber, change);
  if (tr.lang === "en") return english;
  const number = orderNo(tr, orderNumber);
  const title = tr.t(k("confirm.title"));
  if (change.intent === "return-received") {
    return {
      ...english,
      title,
      text: tr.t(k("confirm.returnReceived"), { number }),
      confirmText: tr.t(k("confirm.yesReceived")),
      cancelText: tr.t(k("confirm.cancel")),
    };
  }
  if (change.intent === "delete" || !change.to) {
    return {
      ...english,
      title,
      text: tr.t(k("confirm.delete"), { number, warning: tr.t(k("confirm.deleteWarning")) }),
      confirmText: tr.t(k("confirm.yesDelete")),
      cancelText: tr.t(k("confirm.cancel")),
    };
  }
  const cancelling = change.to === "Cancelled";
  const sentence =
    change.to === "Confirmed"
      ? tr.t(k("sentence.confirmed"), { number })
      : cancelling
        ? tr.t(k("sentence.cancelled"), { number })
        : change.to === "Return"
          ? tr.t(k("sentence.return"), { number })
          : tr.t(k("sentence.other"), { number, status: statusName(tr, change.to) });
  return {
    ...english,
    title,
    text: sentence,
    confirmText: tr.t(k(cancelling ? "confirm.yesCancel" : "confirm.yesUpdate")),
    cancelText: tr.t(k(cancelling ? "confirm.keep" : "confirm.cancel")),
  };
}

const MESSAGE_KEYS: Record<keyof typeof ORDER_MESSAGES, string> = {
  confirmTitle: "confirm.title",
  deleteWarning: "confirm.deleteWarning",
  statusUpdatedTitle: "msg.updatedTitle",
  statusUpdatedText: "msg.updatedText",
  statusFailedTitle: "msg.failedTitle",
  statusFailedText: "msg.failedText",
  deletedTitle: "msg.deletedTitle",
  deletedText: "msg.deletedText",
  returnReceivedText: "msg.returnReceived",
  deleteFailedText: "msg.deleteFailed",
  unexpectedText: "msg.unexpected",
};

/** One of the spec §8 texts (ORDER_MESSAGES) in the page's language. */
export function orderMessage(tr: Tr, name: keyof typeof ORDER_MESSAGES): string {
  return tr.lang === "en" ? ORDER_MESSAGES[name] : tr.t(k(MESSAGE_KEYS[name]));
}

/** The §8 failure text with the service's reason (orderFailureText), in the page's language. */
export function failureText(
  tr: Tr,
  kind: "status" | "delete",
  answered: boolean,
  reason?: string,
): string {
  if (tr.lang === "en") return orderFailureText(kind, answered, reason);
  if (!answered) return orderMessage(tr, kind === "delete" ? "unexpectedText" : "statusFailedText");
  const failed = orderMessage(tr, kind === "delete" ? "deleteFailedText" : "statusFailedText");
  const why = reason?.trim() ? saidText(tr, reason.trim()) : "";
  if (!why) return failed;
  return `${failed} ${/[.!?।]$/.test(why) ? why : `${why}।`}`;
}

/** The button that cancels an order after its parcel was cancelled in the courier's panel. */
export function parcelCancelledButton(tr: Tr, courier: unknown): string {
  const name =
    typeof courier === "string" && isCourierName(courier) ? courierName(tr.t, courier) : "";
  return tr.t(k("parcelCancelled.button"), { courier: name });
}

/** The services' texts without values: English → key tail. */
const SAID: Readonly<Record<string, string>> = {
  "This order change is not complete; reload the page and try again": "said.incomplete",
  "Only admins may mark a return received": "said.adminsReceive",
  "Only admins may delete orders": "said.adminsDelete",
  "The courier answered something that is not JSON": "said.notJson",
  "The courier refused our keys": "said.refusedKeys",
  "The shop cancelled this order: call the shop to order it again": "said.shopCancelled",
  "This order is held for the shop's check: the shop will call you about it": "said.heldReorder",
  "This return was already received": "said.alreadyReceived",
  "Order not found": "said.notFound",
  "Select at least one order": "said.selectOne",
  "Some fields are not valid": "said.fields",
  "Say why the order is cancelled": "said.reasonNeeded",
  "Choose Confirmed, No answer, Wrong number or Cancelled": "said.chooseOutcome",
  "This order has no courier booking to retry": "said.noBooking",
  "Choose a courier": "said.chooseCourier",
  "Choose an area from the list": "said.chooseArea",
  "Unknown action": "said.unknownAction",
  "Booking queued again": "said.queuedAgain",
  "Booking queued": "said.bookingQueuedBare",
  "The area is not complete": "said.areaIncomplete",
  Confirmed: "call.confirmed",
};

type Pattern = WrittenText<Tr>;

const status = (tr: Tr, s: string | undefined) => statusName(tr, s ?? "");

/** The services' texts with values in them (a status, a courier, a number). */
const PATTERNS: readonly Pattern[] = [
  [
    /^Not enough stock: (.+)\. Please change the quantity or remove the item\.$/,
    (tr, [, lines]) =>
      tr.t(k("said.noStock"), {
        lines: (lines ?? "")
          .split("; ")
          .map((line) => shortLineText(tr, line) ?? line)
          .join("; "),
      }),
  ],
  [/^Only admins may .+$/, (tr) => tr.t(k("said.adminsOnly"))],
  [
    /^The order is already (\w+)$/,
    (tr, [, s]) => tr.t(k("said.already"), { status: status(tr, s) }),
  ],
  [
    /^The order was changed meanwhile: it is now (\w+), not (\w+)$/,
    (tr, [, s, from]) =>
      tr.t(k("said.meanwhile"), { status: status(tr, s), from: status(tr, from) }),
  ],
  [
    /^An order that is (\w+) cannot be set to (\w+)$/,
    (tr, [, s, to]) => tr.t(k("said.cannotSet"), { status: status(tr, s), to: status(tr, to) }),
  ],
  [
    /^Only a returned order can be received; this one is (\w+)$/,
    (tr, [, s]) => tr.t(k("said.notReturned"), { status: status(tr, s) }),
  ],
  [
    /^An order that is (\w+) cannot be deleted; only cancelled, delivered or returned orders can$/,
    (tr, [, s]) => tr.t(k("said.cannotDelete"), { status: status(tr, s) }),
  ],
  [
    /^A call is recorded on a Pending order; this order is (\w+)$/,
    (tr, [, s]) => tr.t(k("said.callPending"), { status: status(tr, s) }),
  ],
  [
    /^Only a Confirmed order can be booked; this one is (\w+)$/,
    (tr, [, s]) => tr.t(k("said.bookConfirmed"), { status: status(tr, s) }),
  ],
  [
    /^Returns are accepted within (\d+) days? of delivery$/,
    (tr, [, n]) =>
      tr.t(k(Number(n) === 1 ? "said.returnDays.one" : "said.returnDays.other"), {
        count: tr.count(Number(n)),
      }),
  ],
  [/^This order is held \(a blocked number\): .+$/, (tr) => tr.t(k("said.heldOrder"))],
  // Why an order is held (server/services/risk.ts): the prefix is the shop's, the reason the admin's.
  [
    /^Blocked number: (.+)$/s,
    (tr, [, reason]) => tr.t(k("said.blockedNumber"), { reason: reason ?? "" }),
  ],
  // A booking's last error (server/services/courier-booking.ts, server/couriers/http.ts).
  [
    /^Not sent: the order is (\w+), not Confirmed$/,
    (tr, [, s]) => tr.t(k("said.notSent"), { status: status(tr, s) }),
  ],
  [
    /^A booking request went to (\w+) and its answer was lost: check \w+'s panel for order #(\d+) before retrying$/,
    (tr, [, courier, n]) =>
      tr.t(k("said.answerLost"), {
        courier: courierLabelIn(tr.t, courier ?? ""),
        number: tr.digits(n ?? ""),
      }),
  ],
  [
    /^(\w+) did not answer in time; it may have the parcel: check its panel for order #(\d+) before retrying$/,
    (tr, [, courier, n]) =>
      tr.t(k("said.noAnswerInTime"), {
        courier: courierLabelIn(tr.t, courier ?? ""),
        number: tr.digits(n ?? ""),
      }),
  ],
  [
    /^Booked while the order was (\w+): cancel the parcel at the courier if it should not go$/,
    (tr, [, s]) => tr.t(k("said.bookedWhile"), { status: status(tr, s) }),
  ],
  [
    /^The courier could not be reached \((.*)\)$/s,
    (tr, [, why]) => tr.t(k("said.unreachable"), { why: why ?? "" }),
  ],
  [
    /^No answer from the courier within (\d+) s$/,
    (tr, [, n]) => tr.t(k("said.noAnswerWithin"), { seconds: tr.count(Number(n)) }),
  ],
  [
    /^The courier's server failed \((\d+)\)$/,
    (tr, [, code]) => tr.t(k("said.serverFailed"), { code: tr.digits(code ?? "") }),
  ],
  [
    /^The courier refused the request \((\d+)\)$/,
    (tr, [, code]) => tr.t(k("said.refusedRequest"), { code: tr.digits(code ?? "") }),
  ],
  [
    /^(\w+) needs the thana's (city and zone|delivery area)$/,
    (tr, [, courier, what]) =>
      tr.t(k(what === "city and zone" ? "said.needsCityZone" : "said.needsDeliveryArea"), {
        courier: courierLabelIn(tr.t, courier ?? ""),
      }),
  ],
  [
    /^(\w+) needs no areas$/,
    (tr, [, courier]) =>
      tr.t(k("said.needsNoAreas"), { courier: courierLabelIn(tr.t, courier ?? "") }),
  ],
  [
    /^(\w+) answered without a (?:consignment|tracking) id$/,
    (tr, [, courier]) =>
      tr.t(k("said.noParcelId"), { courier: courierLabelIn(tr.t, courier ?? "") }),
  ],
  // "Pathao: <what went wrong>": the courier's name, then the shop's words (or the courier's own).
  [
    /^(Steadfast|Pathao|RedX): (.+)$/s,
    (tr, [, courier, said]) =>
      `${courierLabelIn(tr.t, courier ?? "")}: ${saidText(tr, said ?? "")}`,
  ],
  [
    /^Select at most (\d+) orders at once$/,
    (tr, [, n]) => tr.t(k("said.selectAtMost"), { count: tr.count(Number(n)) }),
  ],
  [
    /^Keep the (note|reason) within (\d+) characters$/,
    (tr, [, what, n]) =>
      tr.t(k(what === "note" ? "said.noteTooLong" : "said.reasonTooLong"), {
        max: tr.count(Number(n)),
      }),
  ],
  [
    /^This order has been handed to (\w+) and can no longer be cancelled online: please call the shop$/,
    (tr, [, courier]) =>
      tr.t(k("said.parcelWithCourier"), { courier: courierLabelIn(tr.t, courier ?? "") }),
  ],
  [
    /^This order's parcel is booked with (\w+), whose API cannot cancel it: .+$/,
    (tr, [, courier]) =>
      tr.t(k("said.parcelNoCancelApi"), { courier: courierLabelIn(tr.t, courier ?? "") }),
  ],
  [
    /^(\w+) may already have this order's parcel: .+$/,
    (tr, [, courier]) =>
      tr.t(k("said.parcelMayExist"), { courier: courierLabelIn(tr.t, courier ?? "") }),
  ],
  [
    /^(\w+) did not cancel the parcel \((.*)\): cancel it in .+$/,
    (tr, [, courier, why]) =>
      tr.t(k("said.parcelNotCancelled"), {
        courier: courierLabelIn(tr.t, courier ?? ""),
        why: why ?? "",
      }),
  ],
  [
    /^(\w+) could not be asked to cancel the parcel \((.*)\); nothing was changed, try again$/,
    (tr, [, courier, why]) =>
      tr.t(k("said.parcelCancelUnreachable"), {
        courier: courierLabelIn(tr.t, courier ?? ""),
        why: why ?? "",
      }),
  ],
  [
    /^(\w+) has no areas to look up here$/,
    (tr, [, courier]) => tr.t(k("said.noAreas"), { courier: courierLabelIn(tr.t, courier ?? "") }),
  ],
  [
    /^(\w+) is not configured on this shop$/,
    (tr, [, courier]) =>
      tr.t(k("said.notConfigured"), { courier: courierLabelIn(tr.t, courier ?? "") }),
  ],
  [
    /^This order is already (booked|being booked) with (\w+)$/,
    (tr, [, how, courier]) =>
      tr.t(k(how === "booked" ? "said.alreadyBooked" : "said.beingBooked"), {
        courier: courierLabelIn(tr.t, courier ?? ""),
      }),
  ],
  [
    /^This order's (\w+) booking did not go through: retry it$/,
    (tr, [, courier]) =>
      tr.t(k("said.notThrough"), { courier: courierLabelIn(tr.t, courier ?? "") }),
  ],
  [
    /^The booking is (\w+), nothing to retry$/,
    (tr, [, state]) =>
      tr.t(k("said.nothingToRetry"), {
        state: known(tr, k(`bookingState.${state}`), state ?? ""),
      }),
  ],
  [
    /^(\w+) may already have order #(\d+): check its panel, then retry with confirmNotBooked$/,
    (tr, [, courier, n]) =>
      tr.t(k("said.mayHave"), {
        courier: courierLabelIn(tr.t, courier ?? ""),
        number: tr.digits(n ?? ""),
      }),
  ],
  [
    /^(\w+) could not be asked whether it has order #(\d+): try again, or check its panel and retry with confirmNotBooked$/,
    (tr, [, courier, n]) =>
      tr.t(k("said.couldNotAsk"), {
        courier: courierLabelIn(tr.t, courier ?? ""),
        number: tr.digits(n ?? ""),
      }),
  ],
  [
    /^Booking with (\w+) queued; the courier's answer shows here in a moment$/,
    (tr, [, courier]) =>
      tr.t(k("said.bookingQueued"), { courier: courierLabelIn(tr.t, courier ?? "") }),
  ],
  [
    /^Booking with (\w+) queued$/,
    (tr, [, courier]) =>
      tr.t(k("said.bookingQueuedShort"), { courier: courierLabelIn(tr.t, courier ?? "") }),
  ],
  [
    /^Now choose the (\w+) (city|zone|area) for (.+)$/,
    (tr, [, courier, step, thana]) =>
      tr.t(k("said.nowChoose"), {
        courier: courierLabelIn(tr.t, courier ?? ""),
        step: tr.t(k(`said.step.${step}`)),
        thana: thana ?? "",
      }),
  ],
  [
    /^Choose the (\w+) area for (.+), ([^,]+) before booking$/,
    (tr, [, courier, thana, district]) =>
      tr.t(k("said.chooseAreaFirst"), {
        courier: courierLabelIn(tr.t, courier ?? ""),
        thana: thana ?? "",
        district: district ?? "",
      }),
  ],
  [
    /^(.+): (\d+) of (\d+) orders?$/,
    (tr, [, what, done, total]) =>
      tr.t(k(Number(total) === 1 ? "said.outcome.one" : "said.outcome.other"), {
        what: saidText(tr, what ?? ""),
        done: tr.count(Number(done)),
        total: tr.count(Number(total)),
      }),
  ],
];

/**
 * A text the order, call and courier services wrote (English, the JSON API's language) in the
 * page's language; a text not known is shown as written.
 */
export function saidText(tr: Tr, message: string): string {
  if (tr.lang === "en") return message;
  if (Object.hasOwn(SAID, message)) return tr.t(k(SAID[message] as string));
  return rewrittenText(tr, message, PATTERNS);
}
