import type { RouterContextProvider } from "react-router";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import { pageError } from "~/app/lib/page-error.server";
import { AppError } from "~/server/errors";
import { addOrderNote, recordCall } from "~/server/services/order-calls";
import type { CallFormResult } from "./order-calls-form";

/** The intents of the confirmation queue's forms (lists and overview). */
export const CALL_INTENTS = ["call", "note"] as const;

/** True when a post is one of the call or note forms (read from a copy; the body stays unread). */
export async function isCallFormPost(request: Request): Promise<boolean> {
  const form = await request.clone().formData();
  return (CALL_INTENTS as readonly string[]).includes(String(form.get("intent") ?? ""));
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * A call's outcome or an internal note, from a plain form post: one call into the same services
 * as `POST /api/orders/{id}/calls` and `/notes`. A Cancelled outcome without `confirmed` changes
 * nothing and asks first ("Are you sure?"); the reason is a choice from the short list or the
 * caller's own words (`reasonText` wins when given).
 */
export async function orderCallAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<CallFormResult | ReturnType<typeof pageError>> {
  const actor = requireAdmin(request, context);
  const form = await request.formData();
  const intent = text(form, "intent");
  const id = text(form, "id");
  const orderNumber = Number(text(form, "orderNumber")) || 0;
  try {
    const { db, catalogueEvents } = appOf(context);
    if (intent === "note") {
      await addOrderNote(db, actor, id, { text: text(form, "text") });
      return { form: "note", ok: true, id };
    }
    const outcome = text(form, "outcome");
    const reason = text(form, "reasonText").trim() || text(form, "reason").trim();
    const note = text(form, "note");
    if (outcome === "cancelled" && text(form, "confirmed") !== "yes") {
      // Check the reason before asking: a missing reason is a field issue, not a question.
      if (!reason) {
        throw new AppError("invalid", "Some fields are not valid", [
          { path: "reason", message: "Say why the order is cancelled" },
        ]);
      }
      return { form: "call", ok: "confirm", id, orderNumber, reason, note };
    }
    const recorded = await recordCall(
      db,
      actor,
      id,
      { outcome, reason, note },
      { catalogueEvents },
    );
    return {
      form: "call",
      ok: true,
      id,
      orderNumber,
      outcome: recorded.call.outcome,
      orderStatus: recorded.orderStatus,
    };
  } catch (err) {
    return pageError(
      err instanceof AppError
        ? new AppError(err.code, err.message, err.issues, {
            ...err.details,
            form: intent === "note" ? "note" : "call",
            id,
            orderNumber,
          })
        : err,
    );
  }
}
