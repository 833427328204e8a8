import { Link } from "react-router";
import { formatTaka } from "~/core/money";
import type { Role } from "~/core/order-status";
import type { OrderView } from "~/core/order-view";
import { OrderActionButtons } from "./order-action-buttons";
import { isReturnOpen, type OrderAction, orderActions, returnByText } from "./order-actions";
import { EyeIcon, OrderStatusBadge } from "./order-status-badge";
import { orderOverviewPath } from "./paths";

/**
 * Spec §2 order table: Order ID, Order Date (date and time), Amount, Customer Name, Customer
 * Number, Order Status, Actions. On a phone each order stacks into a card (every column's name
 * above its value), so Status and Actions are on screen without sideways scrolling.
 */
export function OrderTable({
  orders,
  caption,
  side,
  viewerRole,
  busyId,
  onAction,
}: {
  orders: OrderView[];
  caption: string;
  side: Role;
  viewerRole: Role;
  busyId: string | null;
  onAction: (order: OrderView, action: OrderAction) => void;
}) {
  return (
    // Its links and buttons let the keyboard scroll it where it is still a table.
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table table-sm stack-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          {/* Headers may wrap: on a laptop beside the menu, every column must still fit. */}
          <tr className="[&>th]:whitespace-normal">
            <th scope="col">Order ID</th>
            <th scope="col">Order Date</th>
            <th scope="col">Amount</th>
            <th scope="col">Customer Name</th>
            <th scope="col">Customer Number</th>
            <th scope="col">Order Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id} data-order-id={order._id}>
              <td data-label="Order ID">
                <p className="font-semibold">#{order.orderNumber}</p>
                <p className="w-24 font-mono text-xs break-all text-base-content/70">{order._id}</p>
              </td>
              <td className={`whitespace-nowrap`} data-label="Order Date">
                <p>{order.date}</p>
                <p className="text-base-content/70">{order.time}</p>
              </td>
              <td className={`whitespace-nowrap font-semibold`} data-label="Amount">
                {formatTaka(order.total)}
              </td>
              <td className={`min-w-24`} data-label="Customer Name">
                {order.customerData.name}
              </td>
              <td className={`whitespace-nowrap`} data-label="Customer Number">
                {order.customerData.mobileNumber}
              </td>
              <td data-label="Order Status">
                <OrderStatusBadge status={order.orderStatus} />
                {side === "customer" && order.returnBy ? (
                  <p className="mt-1 text-xs whitespace-nowrap text-base-content/70">
                    {returnByText(order.returnBy)}
                  </p>
                ) : null}
              </td>
              <td className="max-sm:w-full" data-label="Actions">
                <div className="flex items-start gap-1.5">
                  <Link
                    to={orderOverviewPath(order._id)}
                    className="btn btn-ghost btn-sm btn-square"
                    aria-label={`View order ${order.orderNumber}`}
                    title="View order"
                  >
                    <EyeIcon />
                  </Link>
                  <OrderActionButtons
                    order={order}
                    actions={orderActions(
                      order.orderStatus,
                      side,
                      viewerRole,
                      isReturnOpen(order.returnBy),
                      order.returnReceivedAt !== null,
                    )}
                    orderLabel={`Actions for order ${order.orderNumber}`}
                    busy={busyId === order._id}
                    onAction={(action) => onAction(order, action)}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
