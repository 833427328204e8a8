import { AUTH_MESSAGES } from "~/app/features/account/auth-messages";
import { ACCOUNT_MESSAGES } from "~/core/account";
import {
  CHECKOUT_MESSAGES,
  CHOOSE_COLOUR_MESSAGE,
  CHOOSE_SIZE_MESSAGE,
  ORDER_TOO_LARGE_MESSAGE,
} from "~/core/checkout";
import { MOBILE_TOO_LONG_MESSAGE } from "~/core/phone";
import { colorName } from "./catalogue-names";
import type { MessageKey } from "./keys";
import { shortLineText } from "./short-line-text";
import type { Translator } from "./translator";
import { waitText } from "./wait-text";

/**
 * The rules of core/ (shared by the page, the route action and the API) write their field
 * issues in English, the API's language. A page shows them in its own language through this
 * table: English text → message key. A text not listed is shown as written. Only the forms
 * import it (through `issueText`), so the table stays out of the pages without one.
 */
const ISSUE_KEYS: Readonly<Record<string, MessageKey>> = {
  [CHOOSE_SIZE_MESSAGE]: "issue.chooseSize",
  [CHOOSE_COLOUR_MESSAGE]: "issue.chooseColour",
  [MOBILE_TOO_LONG_MESSAGE]: "issue.mobileTooLong",
  [ORDER_TOO_LARGE_MESSAGE]: "issue.orderTooLarge",
  // The server's refusals of the checkout form (app/features/cart/checkout.server.ts).
  "Please check the highlighted fields.": "issue.checkFields",
  "Some items are no longer in stock in the quantity you chose. Please reduce or remove them.":
    "issue.outOfStock",
  // The sign-in pages (app/features/account/auth-messages.ts) and Better Auth's usual refusals.
  [AUTH_MESSAGES.loginFallback]: "issue.auth.fallback",
  [AUTH_MESSAGES.emailRequired]: "issue.auth.emailRequired",
  [AUTH_MESSAGES.resetFailed]: "issue.auth.resetFailed",
  [AUTH_MESSAGES.invalidLink]: "issue.auth.invalidLink",
  [AUTH_MESSAGES.passwordsDiffer]: "issue.auth.passwordsDiffer",
  [AUTH_MESSAGES.verificationFailed]: "issue.auth.verificationFailed",
  [ACCOUNT_MESSAGES.passwordRequired]: "issue.auth.passwordRequired",
  "Invalid email or password": "issue.auth.invalidCredentials",
  [ACCOUNT_MESSAGES.passwordTooShort]: "issue.auth.passwordTooShort",
  [ACCOUNT_MESSAGES.passwordTooLong]: "issue.auth.passwordTooLong",
  "Invalid email": "issue.auth.invalidEmail",
  "Google sign-in did not complete. Please try again.": "issue.social.incomplete",
  "Google sign-in was cancelled.": "issue.social.cancelled",
  "Google sign-in could not start.": "issue.social.notStarted",
  "Network error. Please check your connection.": "issue.network",
  // core/contact.ts (Name and Email share the checkout's words).
  "Phone Number is required": "issue.contact.phoneRequired",
  "Enter a phone number we can call back": "issue.contact.phoneInvalid",
  "Subject is required": "issue.contact.subjectRequired",
  "Description is required": "issue.contact.descriptionRequired",
  ...Object.fromEntries(
    Object.entries(CHECKOUT_MESSAGES).map(([name, text]) => [text, `issue.${name}` as MessageKey]),
  ),
};

export function issueKey(message: string): MessageKey | undefined {
  return Object.hasOwn(ISSUE_KEYS, message) ? ISSUE_KEYS[message] : undefined;
}

/** The contact form's labels as core/contact.ts writes them in "X must be at most N characters". */
const CONTACT_LABEL_KEYS: Readonly<Record<string, MessageKey>> = {
  Name: "contact.field.name",
  Email: "contact.field.email",
  "Phone Number": "contact.field.phoneNumber",
  Subject: "contact.field.subject",
  Description: "contact.field.description",
};

/** A field issue with a value in it (core/contact.ts tooLongMessage): its key and values. */
export function patternIssue(
  message: string,
): { key: MessageKey; label: MessageKey | undefined; max: number } | undefined {
  const found = /^(.+) must be at most ([\d,]+) characters$/.exec(message);
  if (!found) return undefined;
  const [, label = "", max = "0"] = found;
  return {
    key: "issue.tooLong",
    label: Object.hasOwn(CONTACT_LABEL_KEYS, label) ? CONTACT_LABEL_KEYS[label] : undefined,
    max: Number(max.replace(/,/g, "")),
  };
}

/** A field issue or refusal the rules wrote in English, in the page's language when known. */
export function issueText(tr: Pick<Translator, "t" | "count">, message: string): string {
  const key = issueKey(message);
  if (key) return tr.t(key);
  const wait = waitText(tr, message);
  if (wait) return wait;
  const line = lineIssueText(tr, message);
  if (line) return line;
  const withValues = patternIssue(message);
  if (!withValues?.label) return message;
  return tr.t(withValues.key, { label: tr.t(withValues.label), max: tr.count(withValues.max) });
}

/**
 * The order service's refusals of one line (server/services/orders.ts, core/stock.ts
 * shortLineText): the product's name stays as the shop wrote it, the rest is the page's.
 */
const LINE_PATTERNS: readonly [
  RegExp,
  (tr: Pick<Translator, "t" | "count">, m: string[]) => string,
][] = [
  [/^Some products cannot be ordered$/, (tr) => tr.t("issue.line.cannotOrder")],
  [
    /^Product (.+) is no longer available$/,
    (tr, m) => tr.t("issue.line.unavailable", { product: m[1] ?? "" }),
  ],
  [
    /^Choose a colour of (.+)$/,
    (tr, m) => tr.t("issue.line.chooseColour", { product: m[1] ?? "" }),
  ],
  [/^Choose a size of (.+)$/, (tr, m) => tr.t("issue.line.chooseSize", { product: m[1] ?? "" })],
  [
    /^Colour (.+?) is not offered for (.+)$/,
    (tr, m) =>
      tr.t("issue.line.colourNotOffered", {
        colour: colorName(tr.t, m[1] ?? ""),
        product: m[2] ?? "",
      }),
  ],
  [
    /^Size (.+?) is not offered for (.+)$/,
    (tr, m) => tr.t("issue.line.sizeNotOffered", { size: m[1] ?? "", product: m[2] ?? "" }),
  ],
];

function lineIssueText(tr: Pick<Translator, "t" | "count">, message: string): string | undefined {
  const short = shortLineText(tr, message);
  if (short) return short;
  for (const [pattern, text] of LINE_PATTERNS) {
    const m = pattern.exec(message);
    if (m) return text(tr, [...m]);
  }
  return undefined;
}
