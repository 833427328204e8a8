import { Form, useNavigation } from "react-router";
import { ORDER_CODE_DIGITS, type OrderCodeView } from "~/core/order-tracking";
import type { OrderCodeActionData } from "./track-order.server";

/**
 * "Enter the code we sent by SMS" (ORDER_OTP, decision 060): a plain form posting to the page's
 * action, so it works without JavaScript; `hidden` carries what names the order (the tracking
 * pair on /track-order; nothing on /order-success, whose URL names it).
 */
export function OrderCodeForm({
  code,
  action,
  hidden = {},
  result,
}: {
  code: OrderCodeView;
  action: string;
  hidden?: Record<string, string>;
  result?: OrderCodeActionData;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failure = result && !result.ok ? result : null;
  const codeIssue = failure?.issues.code;
  const fields = Object.entries(hidden).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
  return (
    <section
      aria-labelledby="order-code-heading"
      className="mt-6 w-full rounded-box border-2 border-warning p-4 text-left"
    >
      <h2 id="order-code-heading" className="text-lg font-semibold">
        Confirm your order with the code we sent by SMS
      </h2>
      {code.state === "locked" ? (
        <p role="alert" className="mt-2">
          Too many wrong codes, or no new code left. Your order is kept: our team will call you to
          confirm it.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-base-content/80">
            We sent a {ORDER_CODE_DIGITS}-digit code to the phone number of this order. Your order
            goes on to our team once you enter it (within 10 minutes).
          </p>
          {result?.ok ? (
            <p role="status" className="alert alert-success mt-3">
              {result.message}
            </p>
          ) : null}
          {failure && !codeIssue ? (
            <p role="alert" className="alert alert-error mt-3">
              {failure.message}
            </p>
          ) : null}
          {code.state === "expired" ? (
            <p role="alert" className="mt-3">
              The code has expired. Ask for a new code.
            </p>
          ) : (
            <Form method="post" action={action} className="mt-3 flex flex-wrap items-end gap-3">
              {fields}
              <input type="hidden" name="intent" value="verify" />
              <label className="form-control">
                <span className="label-text">Code from the SMS</span>
                <input
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={12}
                  required
                  aria-invalid={codeIssue ? true : undefined}
                  aria-describedby={codeIssue ? "order-code-issue" : undefined}
                  className="input input-bordered w-40 tracking-widest"
                />
              </label>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                Confirm order
              </button>
              {codeIssue ? (
                <p id="order-code-issue" role="alert" className="w-full text-sm text-error">
                  {codeIssue}
                </p>
              ) : null}
            </Form>
          )}
          {code.resendsLeft > 0 ? (
            <Form method="post" action={action} className="mt-3">
              {fields}
              <input type="hidden" name="intent" value="resend" />
              <button type="submit" className="btn btn-outline btn-sm" disabled={busy}>
                Send a new code
              </button>
              <span className="ml-2 text-xs text-base-content/70">
                {code.resendAfterSeconds > 0
                  ? `Available in ${code.resendAfterSeconds} seconds. `
                  : ""}
                {code.resendsLeft} new {code.resendsLeft === 1 ? "code" : "codes"} left.
              </span>
            </Form>
          ) : null}
        </>
      )}
    </section>
  );
}
