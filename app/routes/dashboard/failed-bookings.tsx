import { Link } from "react-router";
import { courierAction } from "~/app/features/orders/courier-actions.server";
import {
  CourierOutcome,
  RetryBookingForm,
  useCourierResult,
} from "~/app/features/orders/courier-panel";
import { orderOverviewPath } from "~/app/features/orders/paths";
import { appOf, requireAdmin } from "~/app/lib/context.server";
import { orPageError } from "~/app/lib/page-error.server";
import { COURIER_LABELS } from "~/core/courier";
import { listBookingProblems } from "~/server/services/order-bulk";
import type { Route } from "./+types/failed-bookings";

/** Courier bookings that failed or may not have reached the courier (issue 23 item 6), admins. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireAdmin(request, context);
  return { orders: await orPageError(listBookingProblems(appOf(context).db, actor)) };
}

/** Retry (and, for an unknown booking, "I checked: not booked"): the courier booking service. */
export function action({ request, context }: Route.ActionArgs) {
  return courierAction(request, context);
}

export function meta() {
  return [{ title: "Failed bookings | Dashboard" }, { name: "robots", content: "noindex" }];
}

export default function FailedBookingsRoute({ loaderData }: Route.ComponentProps) {
  const result = useCourierResult();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">Failed bookings</h1>
      <p className="text-sm text-base-content/70">
        Bookings a courier refused, and bookings whose answer never came. An unknown booking may be
        at the courier already: check the courier's panel for the order number before you retry it.
      </p>
      <CourierOutcome result={result} />
      {loaderData.orders.length === 0 ? (
        <p className="rounded-box bg-base-200 p-8 text-center">No failed bookings.</p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table table-sm stack-table">
            <caption className="sr-only">Failed bookings</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Customer</th>
                <th scope="col">Courier</th>
                <th scope="col">Booking</th>
                <th scope="col">Courier's error</th>
                <th scope="col">Retry</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.orders.map((order) => (
                <tr key={order._id} data-order-id={order._id}>
                  <td data-label="Order">
                    <Link to={orderOverviewPath(order._id)} className="link font-semibold">
                      #{order.orderNumber}
                    </Link>
                    <p className="text-xs">{order.orderStatus}</p>
                  </td>
                  <td data-label="Customer">
                    <p>{order.customerData.name}</p>
                    <p className="text-xs">{order.customerData.mobileNumber}</p>
                  </td>
                  <td data-label="Courier">
                    {order.courier ? COURIER_LABELS[order.courier.name] : ""}
                  </td>
                  <td data-label="Booking">
                    {order.courier?.booking === "unknown" ? "Unknown" : "Failed"}
                    <p className="text-xs">Attempts: {order.courier?.attempts ?? 0}</p>
                  </td>
                  <td data-label="Courier's error" className="max-w-xs break-words">
                    {order.courier?.lastError ?? "—"}
                  </td>
                  <td data-label="Retry">
                    <RetryBookingForm order={order} />
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
