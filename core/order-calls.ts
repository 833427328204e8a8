/** The confirmation call's outcomes (issue 23 item 1). */
export const CALL_OUTCOMES = ["confirmed", "no_answer", "wrong_number", "cancelled"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export function isCallOutcome(x: unknown): x is CallOutcome {
  return typeof x === "string" && (CALL_OUTCOMES as readonly string[]).includes(x);
}

export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  confirmed: "Confirmed",
  no_answer: "No answer",
  wrong_number: "Wrong number",
  cancelled: "Cancelled",
};

/** The short list of reasons to cancel at the call; any other text is accepted too. */
export const CANCEL_REASONS = [
  "Customer cancelled",
  "Fake order",
  "Duplicate order",
  "Out of delivery area",
] as const;

export const CALL_NOTE_MAX = 1000;
export const CANCEL_REASON_MAX = 200;
export const ORDER_NOTE_MAX = 2000;

/** The Pending queue's filters (`?calls=` in the URL). */
export const QUEUE_FILTERS = ["not_called", "no_answer", "risky"] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];

export function isQueueFilter(x: unknown): x is QueueFilter {
  return typeof x === "string" && (QUEUE_FILTERS as readonly string[]).includes(x);
}

/** A call as the order overview and the API show it. */
export type OrderCallView = {
  id: string;
  outcome: CallOutcome;
  reason: string | null;
  note: string | null;
  at: string;
  byName: string | null;
};

/** An internal note as staff see it (never the customer). */
export type OrderNoteView = { id: string; text: string; at: string; byName: string | null };

/** Admins only: where the order is in the confirmation queue. */
export type OrderCallState = {
  attempts: number;
  lastCallAt: string | null;
  lastOutcome: CallOutcome | null;
};
