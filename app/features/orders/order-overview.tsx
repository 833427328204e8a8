import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { mediaUrlForWidth } from "~/core/media";
import { formatTaka } from "~/core/money";
import type { Role } from "~/core/order-status";
import type { OrderDetailView } from "~/core/order-view";
import { productPath } from "../catalogue/paths";
import { useRevalidateOnFocus } from "../catalogue/use-revalidate-on-focus";
import { OrderActionButtons } from "./order-action-buttons";
import { isReturnOpen, orderActions, returnByText } from "./order-actions";
import { OrderChangeOutcome } from "./order-change-outcome";
import { changedBy, historyChange, lineOptions, orderDateTime } from "./order-format";
import { OrderStatusBadge } from "./order-status-badge";
import { orderInvoicePath, orderListFor, orderListPath } from "./paths";
import { useOrderAction } from "./use-order-action";

function Details({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  const id = `details-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-box border border-base-300 p-4 sm:p-5">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-base-content/70">{term}</dt>
            <dd className="font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Card({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-box bg-base-200 p-4">
      <p className="text-sm text-base-content/70">{label}</p>
      <div className="mt-1 text-lg font-semibold">{children}</div>
    </div>
  );
}

/** Spec §2 order overview, for an admin (every order) or the order's customer. */
export function OrderOverview({ order, viewerRole }: { order: OrderDetailView; viewerRole: Role }) {
  const navigate = useNavigate();
  useRevalidateOnFocus();
  const { run, busyId } = useOrderAction({
    // The order is gone: go back to the list it was on.
    afterDelete: () => navigate(orderListPath(orderListFor(order.orderStatus, "admin"))),
  });
  const c = order.customerData;
  const actions = orderActions(
    order.orderStatus,
    viewerRole,
    viewerRole,
    isReturnOpen(order.returnBy),
    order.returnReceivedAt !== null,
  );
  const returnBy = viewerRole === "customer" ? returnByText(order.returnBy) : null;
  const backList = orderListFor(order.orderStatus, viewerRole);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <Link to={orderListPath(backList)} className="link text-sm print:hidden">
            ← {backList.title}
          </Link>
          <h1 className="mt-1 text-2xl font-bold sm:text-3xl">Order #{order.orderNumber}</h1>
          {returnBy ? <p className="mt-1 text-sm text-base-content/70">{returnBy}</p> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2 print:hidden">
          <OrderActionButtons
            order={order}
            actions={actions}
            orderLabel={`Actions for order ${order.orderNumber}`}
            busy={busyId === order._id}
            onAction={(action) => void run(order, action)}
            size="md"
          />
          <Link to={orderInvoicePath(order._id)} className="btn btn-outline">
            Invoice
          </Link>
        </div>
      </div>

      <OrderChangeOutcome />

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Card label="Order ID">
          <span className="block">#{order.orderNumber}</span>
          <span className="block font-mono text-xs font-normal break-all">{order._id}</span>
        </Card>
        <Card label="Order Date">
          <span className="block">{order.date}</span>
          <span className="block text-sm font-normal">{order.time}</span>
        </Card>
        <Card label="Amount">{formatTaka(order.total)}</Card>
        <Card label="Order Status">
          <OrderStatusBadge status={order.orderStatus} />
        </Card>
      </div>

      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <Details
          title="Shipping Details"
          rows={[
            ["Name", c.name],
            ["Address", c.address],
            ["District", c.district],
            ["Thana", c.thana],
            ["Country", "Bangladesh"],
          ]}
        />
        <Details
          title="Billing Details"
          rows={[
            ["Address Type", c.addressType],
            ["Delivery Area", c.deliveryArea],
            ["Payment System", c.paymentSystem],
          ]}
        />
        <Details
          title="Customer Info"
          rows={[
            ["Name", c.name],
            ["Email", c.email],
            ["Mobile", c.mobileNumber],
          ]}
        />
      </div>

      <section aria-labelledby="order-summary" className="rounded-box border border-base-300 p-4">
        <h2 id="order-summary" className="mb-3 text-lg font-semibold">
          Order Summary
        </h2>
        <ul className="divide-y divide-base-300">
          {order.products.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never reorder, and one product may appear twice
            <li key={`${line.id}-${i}`} className="flex gap-3 py-3">
              <img
                src={mediaUrlForWidth(line.imageUrl, 160, 450)}
                alt=""
                width={64}
                height={64}
                loading="lazy"
                className="h-16 w-16 shrink-0 rounded-box bg-base-200 object-cover"
              />
              <div className="min-w-0 flex-1">
                <Link to={productPath(line.id)} className="link link-hover font-medium">
                  {line.name}
                </Link>
                {lineOptions(line).length > 0 ? (
                  <p className="text-sm text-base-content/70">{lineOptions(line).join(", ")}</p>
                ) : null}
                <p className="text-sm">
                  {formatTaka(line.originalPrice)} x {line.quantity}
                </p>
              </div>
              <p className="shrink-0 font-semibold">{formatTaka(line.lineTotal)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-3 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 border-t border-base-300 pt-3">
          <dt>Sub Total</dt>
          <dd className="text-right">{formatTaka(order.subTotal)}</dd>
          <dt>Delivery Charge</dt>
          <dd className="text-right">{formatTaka(c.deliveryCharge)}</dd>
          <dt className="font-semibold">Total Amount (TK)</dt>
          <dd className="text-right font-semibold" data-testid="overview-total">
            {formatTaka(order.total)}
          </dd>
        </dl>
      </section>

      <section aria-labelledby="order-comment" className="rounded-box border border-base-300 p-4">
        <h2 id="order-comment" className="mb-2 text-lg font-semibold">
          Customer Comment
        </h2>
        <p className="whitespace-pre-line break-words">
          {c.comment.trim() ? c.comment : "No comment."}
        </p>
      </section>

      <section aria-labelledby="order-history" className="rounded-box border border-base-300 p-4">
        <h2 id="order-history" className="mb-2 text-lg font-semibold">
          Status History
        </h2>
        <ol className="flex flex-col gap-2">
          {order.history.map((entry, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: history entries have no id and never reorder
              key={i}
              className="flex flex-wrap items-baseline justify-between gap-x-4 border-l-4 border-primary pl-3"
            >
              <span className="font-medium">{historyChange(entry)}</span>
              <span className="text-sm text-base-content/70">
                <time dateTime={entry.at}>{orderDateTime(entry.at)}</time>, by {changedBy(entry)}
              </span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
