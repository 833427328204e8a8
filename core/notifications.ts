/**
 * Messages to customers (SMS and email) about their orders: the events, the placeholders a
 * template may use, the default texts in Bengali and English, and how many SMS segments a text
 * costs (decision 059). Pure rules shared by the dashboard's live preview and the server.
 */

/** Events that send the customer a message; `order_code` carries a one-time code. */
export const SMS_EVENTS = [
  "order_placed",
  "order_confirmed",
  "order_shipped",
  "order_delivered",
  "order_cancelled",
  "order_code",
] as const;
export type SmsEvent = (typeof SMS_EVENTS)[number];

export function isSmsEvent(x: unknown): x is SmsEvent {
  return typeof x === "string" && (SMS_EVENTS as readonly string[]).includes(x);
}

export const MESSAGE_CHANNELS = ["sms", "email"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * `queued` (a job will send it), `sending` (handed to the gateway, no answer recorded yet),
 * `sent`, `failed` (`lastError` says why).
 */
export const MESSAGE_STATUSES = ["queued", "sending", "sent", "failed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_LANGUAGES = ["bn", "en"] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

export function isMessageLanguage(x: unknown): x is MessageLanguage {
  return typeof x === "string" && (MESSAGE_LANGUAGES as readonly string[]).includes(x);
}

export const EVENT_LABELS: Record<SmsEvent, string> = {
  order_placed: "Order placed",
  order_confirmed: "Order confirmed",
  order_shipped: "Handed to the courier",
  order_delivered: "Delivered",
  order_cancelled: "Cancelled",
  order_code: "Order code",
};

/** Placeholders a template may use; anything else in braces is refused. */
export const PLACEHOLDERS = [
  "orderNumber",
  "total",
  "name",
  "shopName",
  "shopPhone",
  "trackingCode",
  "trackUrl",
  "courier",
  "code",
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Partial<Record<Placeholder, string>>;

const ORDER_PLACEHOLDERS = [
  "orderNumber",
  "total",
  "name",
  "shopName",
  "shopPhone",
  "trackUrl",
] as const satisfies readonly Placeholder[];
const COURIER_PLACEHOLDERS = [
  ...ORDER_PLACEHOLDERS,
  "trackingCode",
  "courier",
] as const satisfies readonly Placeholder[];

/**
 * What each event's message can fill: the code exists only in its own message, the courier and
 * its tracking code only once the parcel can have been booked (before that they would read "-").
 */
export const EVENT_PLACEHOLDERS: Record<SmsEvent, readonly Placeholder[]> = {
  order_placed: ORDER_PLACEHOLDERS,
  order_confirmed: ORDER_PLACEHOLDERS,
  order_shipped: COURIER_PLACEHOLDERS,
  order_delivered: COURIER_PLACEHOLDERS,
  order_cancelled: COURIER_PLACEHOLDERS,
  order_code: [...ORDER_PLACEHOLDERS, "code"],
};

export const PLACEHOLDER_HINTS: Record<Placeholder, string> = {
  orderNumber: "the order number",
  total: "the order's total in taka",
  name: "the customer's name",
  shopName: "the shop's name",
  shopPhone: "the shop's phone number",
  trackingCode: "the courier's tracking code",
  trackUrl: "the link to the order's tracking page",
  courier: "the courier's name",
  code: "the one-time code",
};

export const DEFAULT_TEMPLATES: Record<SmsEvent, Record<MessageLanguage, string>> = {
  order_placed: {
    bn: "{shopName}: আপনার অর্ডার #{orderNumber} গ্রহণ করা হয়েছে। মোট {total} টাকা। অর্ডার নিশ্চিত করতে আমরা আপনাকে ফোন করব। দেখুন: {trackUrl}",
    en: "{shopName}: your order #{orderNumber} is placed. Total Tk {total}. We will call you to confirm it. Track it: {trackUrl}",
  },
  order_confirmed: {
    bn: "{shopName}: আপনার অর্ডার #{orderNumber} নিশ্চিত করা হয়েছে। শীঘ্রই কুরিয়ারে পাঠানো হবে। দেখুন: {trackUrl}",
    en: "{shopName}: your order #{orderNumber} is confirmed. It will be handed to the courier soon. Track it: {trackUrl}",
  },
  order_shipped: {
    bn: "{shopName}: আপনার অর্ডার #{orderNumber} পাঠানো হয়েছে। কুরিয়ার: {courier}। ট্র্যাকিং কোড: {trackingCode}। দেখুন: {trackUrl}",
    en: "{shopName}: your order #{orderNumber} is on its way. Courier: {courier}. Tracking code: {trackingCode}. Track it: {trackUrl}",
  },
  order_delivered: {
    bn: "{shopName}: আপনার অর্ডার #{orderNumber} পৌঁছে দেওয়া হয়েছে। ধন্যবাদ! দেখুন: {trackUrl}",
    en: "{shopName}: your order #{orderNumber} is delivered. Thank you! See it: {trackUrl}",
  },
  order_cancelled: {
    bn: "{shopName}: আপনার অর্ডার #{orderNumber} বাতিল করা হয়েছে। প্রশ্ন থাকলে ফোন করুন {shopPhone}। দেখুন: {trackUrl}",
    en: "{shopName}: your order #{orderNumber} is cancelled. Questions? Call {shopPhone}. See it: {trackUrl}",
  },
  order_code: {
    bn: "{shopName}: অর্ডার #{orderNumber} নিশ্চিত করার কোড {code}। ১০ মিনিট বৈধ। কাউকে বলবেন না।",
    en: "{shopName}: the code for order #{orderNumber} is {code}. Valid for 10 minutes. Do not share it.",
  },
};

/** The longest template an admin may save (a few SMS segments at most). */
export const TEMPLATE_MAX_LENGTH = 480;

/** Placeholders in `template` that are not known, in the order they appear (each once). */
export function unknownPlaceholders(template: string): string[] {
  const unknown: string[] = [];
  for (const match of template.matchAll(/\{([^{}]*)\}/g)) {
    const name = match[1] ?? "";
    if (!(PLACEHOLDERS as readonly string[]).includes(name) && !unknown.includes(name)) {
      unknown.push(name);
    }
  }
  return unknown;
}

/** A brace outside a whole placeholder would reach the customer as it is ("{orderNumber"). */
export const UNPAIRED_BRACE =
  "A { or } is without its pair: write each placeholder as {orderNumber}, with both braces.";

/** What the order-code SMS must hold: without `{code}` the customer gets no code to enter. */
export const ORDER_CODE_NEEDS_CODE =
  "The order code message must hold {code}: without it the customer gets no code to enter.";

/**
 * The problem with a template an admin typed for `event` (when known), or null when it can be
 * saved.
 */
export function templateProblem(template: string, event?: SmsEvent): string | null {
  const text = template.trim();
  if (text === "") return "Write the message (or restore the default).";
  if (text.length > TEMPLATE_MAX_LENGTH) {
    return `At most ${TEMPLATE_MAX_LENGTH} characters.`;
  }
  if (/[{}]/.test(text.replace(/\{[^{}]*\}/g, ""))) return UNPAIRED_BRACE;
  const usable = event ? EVENT_PLACEHOLDERS[event] : PLACEHOLDERS;
  const listed = usable.map((p) => `{${p}}`).join(" ");
  const unknown = unknownPlaceholders(text);
  if (unknown.length > 0) {
    return `Unknown placeholder ${unknown.map((n) => `{${n}}`).join(", ")}. Use: ${listed}`;
  }
  const unfilled = (PLACEHOLDERS as readonly Placeholder[]).filter(
    (p) => !usable.includes(p) && text.includes(`{${p}}`),
  );
  if (unfilled.length > 0) {
    return `Not known when this message is sent: ${unfilled.map((n) => `{${n}}`).join(", ")}. Use: ${listed}`;
  }
  if (event === "order_code" && !text.includes("{code}")) return ORDER_CODE_NEEDS_CODE;
  return null;
}

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;
/** Where a sentence ends: the space after "।", ".", "!" or "?" (kept, for the text's own breaks). */
const SENTENCE_END = /((?<=[।.!?])\s+)/;

const placeholderValue = (values: PlaceholderValues, name: string): string | undefined =>
  (PLACEHOLDERS as readonly string[]).includes(name)
    ? values[name as Placeholder] || undefined
    : undefined;

/**
 * The template with its placeholders filled. A sentence after the first that needs a value not
 * given is left out (an order sent by the shop's own rider has no courier or tracking code, and
 * "Tracking code -" would tell the customer nothing); in the first, or where nothing else would
 * be left, the value shows as "-".
 */
export function renderTemplate(template: string, values: PlaceholderValues): string {
  const fill = (text: string) =>
    text.replace(PLACEHOLDER, (whole, name: string) =>
      (PLACEHOLDERS as readonly string[]).includes(name)
        ? (placeholderValue(values, name) ?? "-")
        : whole,
    );
  const isKnown = (sentence: string) =>
    [...sentence.matchAll(PLACEHOLDER)].every(
      ([, name = ""]) =>
        !(PLACEHOLDERS as readonly string[]).includes(name) ||
        placeholderValue(values, name) !== undefined,
    );
  // [sentence, space, sentence, space, …]: a sentence left out takes the space before it along.
  const parts = template.split(SENTENCE_END);
  let text = fill(parts[0] ?? "");
  for (let i = 2; i < parts.length; i += 2) {
    const sentence = parts[i] ?? "";
    if (isKnown(sentence)) text += (parts[i - 1] ?? "") + fill(sentence);
  }
  return text;
}

/** The sample customer's number, in the preview's tracking link. */
export const SAMPLE_CUSTOMER_PHONE = "01712345678";

/** Sample values for the dashboard's preview (the shop's own name, number and link go over them). */
export const SAMPLE_VALUES: PlaceholderValues = {
  orderNumber: "100123",
  total: "1,560",
  name: "Rahima Akter",
  shopName: "Haat",
  shopPhone: "01700000000",
  trackingCode: "SF1234ABCD",
  trackUrl: "https://haat.example/track-order?orderNumber=100123&phone=01712345678",
  courier: "Steadfast",
  code: "482913",
};

// GSM 03.38: the basic set (one septet each) and the extension set (escape + one: two septets).
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "^{}\\[~]|€\f";

export type SmsEncoding = "gsm7" | "unicode";

export type SmsSegments = {
  encoding: SmsEncoding;
  /** Characters as the phone counts them: GSM-7 septets, or UTF-16 code units for Unicode. */
  length: number;
  segments: number;
  /** Characters one segment holds for this text (160/153 or 70/67). */
  perSegment: number;
  /** Characters left in the last segment before another one starts. */
  remaining: number;
};

/**
 * How many SMS a text costs. Only GSM-7 characters: 160 in one SMS, 153 per part when longer
 * (the rest carries the part header); the extension characters (`{ } [ ] ~ \ | ^ €`) take two.
 * Anything else (any Bengali letter) makes the whole text Unicode (UCS-2): 70 in one SMS, 67
 * per part. An empty text is 0 segments.
 */
export function smsSegments(text: string): SmsSegments {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) septets += 1;
    else if (GSM_EXTENDED.includes(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  const encoding: SmsEncoding = gsm ? "gsm7" : "unicode";
  // UCS-2 counts UTF-16 units: a character outside the BMP (an emoji) takes two.
  const length = gsm ? septets : text.length;
  const single = gsm ? 160 : 70;
  const part = gsm ? 153 : 67;
  if (length === 0) return { encoding, length, segments: 0, perSegment: single, remaining: single };
  const segments = length <= single ? 1 : Math.ceil(length / part);
  const perSegment = segments === 1 ? single : part;
  return { encoding, length, segments, perSegment, remaining: segments * perSegment - length };
}

/** The event an order's move to `status` tells the customer about, if any. */
export function eventForStatus(status: string): SmsEvent | null {
  switch (status) {
    case "Confirmed":
      return "order_confirmed";
    case "Shipping":
      return "order_shipped";
    case "Delivered":
      return "order_delivered";
    case "Cancelled":
      return "order_cancelled";
    default:
      return null;
  }
}

/** `/track-order?orderNumber=N&phone=01…` on the shop's public URL. */
export function trackOrderUrl(publicUrl: string, orderNumber: number, phone: string): string {
  const query = new URLSearchParams({ orderNumber: String(orderNumber), phone });
  return `${publicUrl.replace(/\/+$/, "")}/track-order?${query.toString()}`;
}
