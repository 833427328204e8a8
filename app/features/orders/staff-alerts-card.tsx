import { Form, Link } from "react-router";
import { courierName } from "~/app/i18n/courier-name";
import { useI18n } from "~/app/i18n/use-i18n";
import { isCourierName } from "~/core/courier";
import type { StaffAlertView } from "~/core/staff-alerts";
import { parcelStatusText } from "./order-text";
import { orderOverviewPath } from "./paths";

/**
 * Courier alerts on the admins' dashboard home (decision 078): a Cancelled order's parcel that a
 * courier delivered or still carries, a parcel delivered only in part. Each says what happened and what to do, links the order,
 * and has "Mark handled" (a plain form: works without scripts).
 */
export function StaffAlertsCard({ alerts }: { alerts: readonly StaffAlertView[] }) {
  const tr = useI18n();
  const { t } = tr;
  if (alerts.length === 0) return null;
  return (
    <section
      aria-labelledby="staff-alerts-title"
      className="rounded-box border border-error bg-base-100 p-4"
      data-testid="staff-alerts"
    >
      <h2 id="staff-alerts-title" className="text-lg font-semibold text-error">
        {t("dash.orders.alerts.title")}
      </h2>
      <ul className="mt-2 flex flex-col gap-3">
        {alerts.map((alert) => {
          const courier =
            alert.details.courier && isCourierName(alert.details.courier)
              ? courierName(t, alert.details.courier)
              : "";
          const number = tr.digits(String(alert.orderNumber ?? ""));
          const short = (alert.details.short ?? [])
            .map((s) => `${tr.count(s.missing)} × ${s.name} (${s.size}, ${s.color})`)
            .join("; ");
          const text =
            alert.kind === "delivered_after_cancel"
              ? `${t("dash.orders.alerts.deliveredAfterCancel", {
                  courier,
                  number,
                  amount: tr.taka(alert.details.codAmount ?? 0),
                })}${short ? ` ${t("dash.orders.alerts.short", { lines: short })}` : ""}`
              : alert.kind === "partial_delivery"
                ? `${t("dash.orders.alerts.partialDelivery", { courier, number })}${
                    typeof alert.details.codAmount === "number"
                      ? ` ${t("dash.orders.alerts.collected", { amount: tr.taka(alert.details.codAmount) })}`
                      : ""
                  }`
                : t("dash.orders.alerts.liveAfterCancel", {
                    courier,
                    number,
                    status: alert.details.courierStatus
                      ? parcelStatusText(tr, alert.details.courierStatus)
                      : "",
                  });
          return (
            <li key={alert.id} role="alert" className="alert alert-error flex flex-wrap">
              <span className="flex-1">
                {text} <span className="text-sm opacity-80">{tr.date(alert.createdAt)}</span>
              </span>
              {alert.orderId ? (
                <Link to={orderOverviewPath(alert.orderId)} className="btn btn-sm">
                  {t("dash.orders.alerts.open", { number })}
                </Link>
              ) : null}
              <Form method="post">
                <input type="hidden" name="intent" value="resolveAlert" />
                <input type="hidden" name="id" value={alert.id} />
                {/* A solid button: a ghost one's text is hard to read on the alert's red. */}
                <button type="submit" className="btn btn-sm">
                  {t("dash.orders.alerts.resolve")}
                </button>
              </Form>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
