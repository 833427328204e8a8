import { Link } from "react-router";
import { courierAction } from "~/app/features/orders/courier-actions.server";
import {
  CourierOutcome,
  RetryBookingForm,
  useCourierResult,
} from "~/app/features/orders/courier-panel";
import { useStatusName } from "~/app/features/orders/order-status-badge";
import { saidText } from "~/app/features/orders/order-text";
import { orderOverviewPath } from "~/app/features/orders/paths";
import { routeMessages } from "~/app/i18n/catalog.server";
import { courierName } from "~/app/i18n/courier-name";
import { metaTranslator, useI18n } from "~/app/i18n/use-i18n";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import { orPageError } from "~/app/lib/page-error.server";
import type { OrderStatus } from "~/core/order-status";
import { listBookingProblems } from "~/server/services/order-bulk";
import type { Route } from "./+types/failed-bookings";

/** Courier bookings that failed or may not have reached the courier (issue 23 item 6), admins. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdmin(request, context);
  const ctx = appOf(context);
  return {
    orders: await orPageError(listBookingProblems(ctx.db, actor)),
    offered: ctx.couriers.offered(),
    messages: routeMessages(context, "dashFailedBookings"),
  };
}

/**
 * Retry (and, for an unknown booking, "I checked: not booked"), another courier instead, or the
 * thana's area chosen again: the courier booking service.
 */
export function action({ request, context }: Route.ActionArgs) {
  return courierAction(request, context);
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslator(matches).t("dash.paper.failed.title") },
    { name: "robots", content: "noindex" },
  ];
}

function StatusName({ status }: { status: OrderStatus }) {
  return <>{useStatusName(status)}</>;
}

export default function FailedBookingsRoute({ loaderData }: Route.ComponentProps) {
  const result = useCourierResult();
  const tr = useI18n();
  const { t, count, digits } = tr;
  const heads = {
    order: t("dash.paper.failed.order"),
    customer: t("dash.paper.failed.customer"),
    courier: t("dash.paper.failed.courier"),
    booking: t("dash.paper.failed.booking"),
    error: t("dash.paper.failed.error"),
    retry: t("dash.paper.failed.retry"),
  };
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("dash.paper.failed.heading")}</h1>
      <p className="text-sm text-base-content/70">{t("dash.paper.failed.intro")}</p>
      <CourierOutcome result={result} />
      {loaderData.orders.length === 0 ? (
        <p className="rounded-box bg-base-200 p-8 text-center">{t("dash.paper.failed.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table table-sm stack-table">
            <caption className="sr-only">{t("dash.paper.failed.heading")}</caption>
            <thead>
              <tr>
                <th scope="col">{heads.order}</th>
                <th scope="col">{heads.customer}</th>
                <th scope="col">{heads.courier}</th>
                <th scope="col">{heads.booking}</th>
                <th scope="col">{heads.error}</th>
                <th scope="col">{heads.retry}</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.orders.map((order) => (
                <tr key={order._id} data-order-id={order._id}>
                  <td data-label={heads.order}>
                    <Link to={orderOverviewPath(order._id)} className="link font-semibold">
                      #{digits(String(order.orderNumber))}
                    </Link>
                    <p className="text-xs">
                      <StatusName status={order.orderStatus} />
                    </p>
                  </td>
                  <td data-label={heads.customer}>
                    <p>{order.customerData.name}</p>
                    <p className="text-xs">{digits(order.customerData.mobileNumber)}</p>
                  </td>
                  <td data-label={heads.courier}>
                    {order.courier ? courierName(t, order.courier.name) : ""}
                  </td>
                  <td data-label={heads.booking}>
                    {t(
                      order.courier?.booking === "unknown"
                        ? "dash.paper.failed.unknown"
                        : "dash.paper.failed.failed",
                    )}
                    <p className="text-xs">
                      {t("dash.paper.failed.attempts", {
                        count: count(order.courier?.attempts ?? 0),
                      })}
                    </p>
                  </td>
                  <td data-label={heads.error} className="max-w-xs break-words">
                    {order.courier?.lastError ? saidText(tr, order.courier.lastError) : "—"}
                  </td>
                  <td data-label={heads.retry}>
                    <RetryBookingForm order={order} offered={loaderData.offered} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
