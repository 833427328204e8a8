import type { ReactNode } from "react";
import { Link } from "react-router";
import { EyeIcon } from "~/app/components/action-icons";
import { useI18n } from "~/app/i18n/use-i18n";
import type { Role } from "~/core/order-status";
import type { OrderView } from "~/core/order-view";
import { OrderCourierLine, SelectAllOnPage, SelectOrder } from "./bulk-orders";
import { CancelByPhone } from "./cancel-by-phone";
import { CallOutcomeForms, CallState, EnterYourCode, PhoneLink, RiskSummary } from "./confirmation";
import { OrderActionButtons } from "./order-action-buttons";
import { cancelsByPhone, type OrderAction, orderActionsOf } from "./order-actions";
import { OrderStatusBadge } from "./order-status-badge";
import { orderNo, returnByLine } from "./order-text";
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
  callQueue = false,
  selection,
  rowExtra,
}: {
  orders: OrderView[];
  caption: string;
  side: Role;
  viewerRole: Role;
  busyId: string | null;
  onAction: (order: OrderView, action: OrderAction) => void;
  /** The confirmation queue: each row with its calls so far and the call's outcome buttons. */
  callQueue?: boolean;
  /** Checkboxes for the bulk form (`form=` its id), all checked when `all`. */
  selection?: { formId: string; all: boolean };
  /** More under an order's actions (the booking buttons of a Confirmed order). */
  rowExtra?: (order: OrderView) => ReactNode;
}) {
  const tr = useI18n();
  const { t } = tr;
  const col = {
    orderId: t("dash.orders.col.orderId"),
    orderDate: t("dash.orders.col.orderDate"),
    amount: t("dash.orders.col.amount"),
    customerName: t("dash.orders.col.customerName"),
    customerNumber: t("dash.orders.col.customerNumber"),
    orderStatus: t("dash.orders.col.orderStatus"),
    actions: t("dash.orders.col.actions"),
  };
  return (
    // Its links and buttons let the keyboard scroll it where it is still a table.
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table table-sm stack-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          {/* Headers may wrap: on a laptop beside the menu, every column must still fit. */}
          <tr className="[&>th]:whitespace-normal">
            <th scope="col">
              {/* The selection's checkbox shares the first column: spec §2 fixes the columns. */}
              {selection ? <SelectAllOnPage formId={selection.formId} /> : null}
              {col.orderId}
            </th>
            <th scope="col">{col.orderDate}</th>
            <th scope="col">{col.amount}</th>
            <th scope="col">{col.customerName}</th>
            <th scope="col">{col.customerNumber}</th>
            <th scope="col">{col.orderStatus}</th>
            <th scope="col">{col.actions}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id} data-order-id={order._id}>
              <td data-label={col.orderId}>
                <div className="flex items-start gap-2">
                  {selection ? (
                    <SelectOrder order={order} formId={selection.formId} checked={selection.all} />
                  ) : null}
                  <div>
                    <p className="font-semibold">#{orderNo(tr, order.orderNumber)}</p>
                    <p className="w-24 font-mono text-xs break-all text-base-content/70">
                      {order._id}
                    </p>
                  </div>
                </div>
              </td>
              <td className={`whitespace-nowrap`} data-label={col.orderDate}>
                <p>{tr.lang === "en" ? order.date : tr.date(order.placedAt)}</p>
                <p className="text-base-content/70">
                  {tr.lang === "en" ? order.time : tr.time(order.placedAt)}
                </p>
              </td>
              <td className={`whitespace-nowrap font-semibold`} data-label={col.amount}>
                {tr.taka(order.total)}
              </td>
              {/* A name typed without spaces wraps anywhere rather than widening the table. */}
              <td className="min-w-24 [overflow-wrap:anywhere]" data-label={col.customerName}>
                {order.customerData.name}
              </td>
              <td
                // The number stays whole; the admin's history line under it wraps, so the row's
                // actions stay in view on a laptop beside the menu.
                className={side === "admin" ? "min-w-40" : "whitespace-nowrap"}
                data-label={col.customerNumber}
              >
                {side === "admin" ? (
                  <>
                    <div className="whitespace-nowrap">
                      <PhoneLink phone={order.customerData.mobileNumber} />
                    </div>
                    <RiskSummary order={order} />
                  </>
                ) : (
                  tr.digits(order.customerData.mobileNumber)
                )}
              </td>
              <td data-label={col.orderStatus}>
                <OrderStatusBadge status={order.orderStatus} />
                <OrderCourierLine order={order} />
                {order.orderStatus === "Return" && order.returnReceivedAt ? (
                  // Once an admin marked the goods back (its button is gone then): when.
                  <p className="mt-1 text-xs text-base-content/70" data-testid="return-received">
                    {t("dash.orders.returnReceivedOn", { date: tr.date(order.returnReceivedAt) })}
                  </p>
                ) : null}
                {cancelsByPhone(order, viewerRole) ? <CancelByPhone order={order} /> : null}
                {side === "customer" ? <EnterYourCode order={order} /> : null}
                {side === "customer" && order.returnBy ? (
                  <p className="mt-1 text-xs whitespace-nowrap text-base-content/70">
                    {returnByLine(tr, order.returnBy)}
                  </p>
                ) : null}
                {callQueue ? (
                  <div className="mt-1 flex flex-col gap-1">
                    <CallState order={order} />
                    <CallOutcomeForms order={order} />
                  </div>
                ) : null}
              </td>
              <td className="max-sm:w-full" data-label={col.actions}>
                {/* The buttons may wrap, so the table fits beside the menu without sideways scroll. */}
                <div className="flex flex-wrap items-start gap-1.5">
                  <Link
                    to={orderOverviewPath(order._id)}
                    className="btn btn-ghost btn-sm btn-square"
                    aria-label={t("dash.orders.viewNumber", {
                      number: orderNo(tr, order.orderNumber),
                    })}
                    title={t("dash.orders.view")}
                  >
                    <EyeIcon />
                  </Link>
                  <OrderActionButtons
                    order={order}
                    actions={orderActionsOf(order, side, viewerRole)}
                    orderLabel={t("dash.orders.actionsFor", {
                      number: orderNo(tr, order.orderNumber),
                    })}
                    busy={busyId === order._id}
                    onAction={(action) => onAction(order, action)}
                  />
                </div>
                {rowExtra?.(order)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
