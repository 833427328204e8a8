import { Form, useNavigation } from "react-router";
import { orderCodeText } from "~/app/features/orders/order-code-text";
import { useI18n } from "~/app/i18n/use-i18n";
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
  const tr = useI18n();
  const { t, count } = tr;
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
        {t("track.code.title")}
      </h2>
      {code.state === "locked" ? (
        <p role="alert" className="mt-2">
          {t("track.code.locked")}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-base-content/80">
            {t("track.code.sent", { digits: count(ORDER_CODE_DIGITS) })}
          </p>
          {result?.ok ? (
            <p role="status" className="alert alert-success mt-3">
              {orderCodeText(tr, result.message)}
            </p>
          ) : null}
          {failure && !codeIssue ? (
            <p role="alert" className="alert alert-error mt-3">
              {orderCodeText(tr, failure.message)}
            </p>
          ) : null}
          {code.state === "expired" ? (
            <p role="alert" className="mt-3">
              {t("track.code.expired")}
            </p>
          ) : (
            <Form method="post" action={action} className="mt-3 flex flex-wrap items-end gap-3">
              {fields}
              <input type="hidden" name="intent" value="verify" />
              <label className="form-control">
                <span className="label-text">{t("track.code.label")}</span>
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
                {t("track.code.confirm")}
              </button>
              {codeIssue ? (
                <p id="order-code-issue" role="alert" className="w-full text-sm text-error">
                  {orderCodeText(tr, codeIssue)}
                </p>
              ) : null}
            </Form>
          )}
          {code.resendsLeft > 0 ? (
            <Form method="post" action={action} className="mt-3">
              {fields}
              <input type="hidden" name="intent" value="resend" />
              <button type="submit" className="btn btn-outline btn-sm" disabled={busy}>
                {t("track.code.resend")}
              </button>
              <span className="ml-2 text-xs text-base-content/70">
                {code.resendAfterSeconds > 0
                  ? t("track.code.wait", { seconds: count(code.resendAfterSeconds) })
                  : ""}
                {t(code.resendsLeft === 1 ? "track.code.left.one" : "track.code.left.other", {
                  count: count(code.resendsLeft),
                })}
              </span>
            </Form>
          ) : null}
        </>
      )}
    </section>
  );
}
