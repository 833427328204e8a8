import { Form, Link, useActionData, useLocation } from "react-router";
import { useI18n } from "~/app/i18n/use-i18n";
import { isActionFailure } from "~/app/lib/field-issues";
import { isOrderStatus } from "~/core/order-status";
import { isCourierActionResult } from "./courier-actions";
import { OrderChangeInputs } from "./order-action-buttons";
import { isCallFormAnswer } from "./order-calls-form";
import type { OrderChangeResult } from "./order-change-form";
import { confirmTexts, failureText, orderMessage, parcelCancelledButton } from "./order-text";

/**
 * What an order button's plain form post (no scripts yet, or none at all) shows on the page
 * itself: the spec's "Are you sure?" step, then the success or failure text. With scripts the
 * dialogs show them instead (use-order-action.ts) and this stays empty.
 */
export function OrderChangeOutcome() {
  const result = useActionData<OrderChangeResult>();
  const location = useLocation();
  const tr = useI18n();
  const M = (name: Parameters<typeof orderMessage>[1]) => orderMessage(tr, name);
  // The call and note forms (confirmation.tsx) and the booking forms (courier-panel.tsx) show
  // their own answers beside them.
  if (!result || isCallFormAnswer(result) || isCourierActionResult(result)) return null;
  if (result.ok === "confirm") {
    const { change } = result;
    const ask = confirmTexts(tr, change.orderNumber, change);
    return (
      <section
        aria-labelledby="order-change-confirm"
        className="rounded-box border border-warning bg-base-200 p-4"
      >
        <h2 id="order-change-confirm" className="text-lg font-semibold">
          {ask.title}
        </h2>
        <p className="mt-1">{ask.text}</p>
        <Form method="post" className="mt-3 flex flex-wrap gap-2">
          <OrderChangeInputs fields={{ ...change, confirmed: true, script: false }} />
          <button
            type="submit"
            className={`btn btn-sm ${ask.destructive ? "btn-error" : "btn-primary"}`}
          >
            {ask.confirmText}
          </button>
          <Link to={`${location.pathname}${location.search}`} className="btn btn-sm btn-ghost">
            {ask.cancelText}
          </Link>
        </Form>
      </section>
    );
  }
  if (result.ok === true) {
    const [title, text] =
      result.kind === "delete"
        ? [M("deletedTitle"), M("deletedText")]
        : result.kind === "return-received"
          ? [M("statusUpdatedTitle"), M("returnReceivedText")]
          : [M("statusUpdatedTitle"), M("statusUpdatedText")];
    return (
      <p role="status" className="alert alert-success">
        <strong>{title}</strong> {text}
      </p>
    );
  }
  if (isActionFailure(result)) {
    const failed = (
      <p role="alert" className="alert alert-error">
        <strong>{M("statusFailedTitle")}</strong>{" "}
        {failureText(
          tr,
          result.details?.intent === "delete" ? "delete" : "status",
          true,
          result.message,
        )}
      </p>
    );
    const d = result.details ?? {};
    // An admin's cancel refused while the parcel is live at a courier without a cancel API
    // (decision 078): once it is cancelled in the courier's panel, cancel the order from here.
    if (d.canConfirm === true && typeof d.id === "string" && isOrderStatus(d.currentStatus)) {
      return (
        <div className="flex flex-col gap-2">
          {failed}
          <Form method="post">
            <OrderChangeInputs
              fields={{
                intent: "status",
                id: d.id,
                orderNumber: typeof d.orderNumber === "number" ? d.orderNumber : 0,
                from: d.currentStatus,
                to: "Cancelled",
                confirmed: true,
                parcelCancelled: true,
              }}
            />
            <button type="submit" className="btn btn-sm btn-error">
              {parcelCancelledButton(tr, d.courier)}
            </button>
          </Form>
        </div>
      );
    }
    return failed;
  }
  return null;
}
