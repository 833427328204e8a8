import type { CallOutcome } from "~/core/order-calls";
import type { OrderStatus } from "~/core/order-status";

/** What the call and note forms' action answers (besides an `ActionFailure`). */
export type CallFormResult =
  | { form: "note"; ok: true; id: string }
  | {
      form: "call";
      ok: "confirm";
      id: string;
      orderNumber: number;
      reason: string;
      note: string;
    }
  | {
      form: "call";
      ok: true;
      id: string;
      orderNumber: number;
      outcome: CallOutcome;
      orderStatus: OrderStatus;
    };

/** True for an answer (or refusal) of the call and note forms, which their own notices show. */
export function isCallFormAnswer(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const v = value as { form?: unknown; details?: { form?: unknown } };
  const form = v.form ?? v.details?.form;
  return form === "call" || form === "note";
}
