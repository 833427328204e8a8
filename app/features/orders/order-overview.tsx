import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import type { MessageKey } from "~/app/i18n/keys";
import { useI18n } from "~/app/i18n/use-i18n";
import { inLang } from "~/core/locale";
import { mediaUrlForWidth } from "~/core/media";
import type { Role } from "~/core/order-status";
import type { OrderDetailView } from "~/core/order-view";
import { productPath } from "../catalogue/paths";
import { useRevalidateOnFocus } from "../catalogue/use-revalidate-on-focus";
import { CancelByPhone } from "./cancel-by-phone";
import {
  CallNotice,
  CallsSection,
  EnterYourCode,
  NotesSection,
  PhoneLink,
  RiskPanel,
} from "./confirmation";
import { OrderActionButtons } from "./order-action-buttons";
import { cancelsByPhone, orderActionsOf } from "./order-actions";
import { OrderChangeOutcome } from "./order-change-outcome";
import { OrderStatusBadge } from "./order-status-badge";
import {
  dateTime,
  historyByText,
  historyText,
  lineOptionsText,
  listTitle,
  orderNo,
  returnByLine,
} from "./order-text";
import { orderInvoicePath, orderListFor, orderListPath } from "./paths";
import { placeName } from "./place-name";
import { useOrderAction } from "./use-order-action";

function Details({ id, title, rows }: { id: string; title: string; rows: [string, ReactNode][] }) {
  return (
    <section aria-labelledby={id} className="rounded-box border border-base-300 p-4 sm:p-5">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-base-content/70">{term}</dt>
            <dd className="min-w-0 font-medium [overflow-wrap:anywhere]">{value}</dd>
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
export function OrderOverview({
  order,
  viewerRole,
  placeNames,
  extra,
}: {
  order: OrderDetailView;
  viewerRole: Role;
  /** The district's and thana's English names, for an English page. */
  placeNames?: { district?: string; thana?: string };
  /** More sections after the cards (the courier's). */
  extra?: ReactNode;
}) {
  const navigate = useNavigate();
  const tr = useI18n();
  const { t } = tr;
  /** A value of a fixed list (address type, area, payment) in the page's language. */
  const named = (kind: string, value: string) => {
    const key = `dash.orders.${kind}.${value}` as MessageKey;
    const text = t(key);
    return text === key ? value : text;
  };
  useRevalidateOnFocus();
  const { run, busyId } = useOrderAction({
    // The order is gone: go back to the list it was on.
    afterDelete: () => navigate(orderListPath(orderListFor(order.orderStatus, "admin"))),
  });
  const c = order.customerData;
  const actions = orderActionsOf(order, viewerRole);
  const returnBy = viewerRole === "customer" ? returnByLine(tr, order.returnBy) : null;
  const number = orderNo(tr, order.orderNumber);
  const backList = orderListFor(order.orderStatus, viewerRole);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <Link to={orderListPath(backList)} className="link text-sm print:hidden">
            ← {listTitle(tr, backList)}
          </Link>
          <h1 className="mt-1 text-2xl font-bold sm:text-3xl">
            {t("dash.orders.heading", { number })}
          </h1>
          {returnBy ? <p className="mt-1 text-sm text-base-content/70">{returnBy}</p> : null}
          {viewerRole === "customer" ? <EnterYourCode order={order} /> : null}
          {cancelsByPhone(order, viewerRole) ? <CancelByPhone order={order} /> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2 print:hidden">
          <OrderActionButtons
            order={order}
            actions={actions}
            orderLabel={t("dash.orders.actionsFor", { number })}
            busy={busyId === order._id}
            onAction={(action) => void run(order, action)}
            size="md"
          />
          <Link to={orderInvoicePath(order._id)} className="btn btn-outline">
            {t("dash.orders.invoice")}
          </Link>
        </div>
      </div>

      <OrderChangeOutcome />
      <CallNotice />

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Card label={t("dash.orders.col.orderId")}>
          <span className="block">#{number}</span>
          <span className="block font-mono text-xs font-normal break-all">{order._id}</span>
        </Card>
        <Card label={t("dash.orders.col.orderDate")}>
          <span className="block">{tr.lang === "en" ? order.date : tr.date(order.placedAt)}</span>
          <span className="block text-sm font-normal">
            {tr.lang === "en" ? order.time : tr.time(order.placedAt)}
          </span>
        </Card>
        <Card label={t("dash.orders.col.amount")}>{tr.taka(order.total)}</Card>
        <Card label={t("dash.orders.col.orderStatus")}>
          <OrderStatusBadge status={order.orderStatus} />
        </Card>
      </div>

      {extra}

      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <Details
          id="details-shipping-details"
          title={t("dash.orders.shipping")}
          rows={[
            [t("dash.orders.field.name"), c.name],
            [t("dash.orders.field.address"), c.address],
            [t("dash.orders.field.district"), placeName(tr.lang, c.district, placeNames?.district)],
            [t("dash.orders.field.thana"), placeName(tr.lang, c.thana, placeNames?.thana)],
            [t("dash.orders.field.country"), t("dash.orders.bangladesh")],
          ]}
        />
        <Details
          id="details-billing-details"
          title={t("dash.orders.billing")}
          rows={[
            [t("dash.orders.field.addressType"), named("addressType", c.addressType)],
            [t("dash.orders.field.deliveryArea"), named("area", c.deliveryArea)],
            [t("dash.orders.field.paymentSystem"), named("payment", c.paymentSystem)],
          ]}
        />
        <Details
          id="details-customer-info"
          title={t("dash.orders.customerInfo")}
          rows={[
            [t("dash.orders.field.name"), c.name],
            [t("dash.orders.field.email"), c.email],
            [
              t("dash.orders.field.mobile"),
              viewerRole === "admin" ? (
                <PhoneLink key="phone" phone={c.mobileNumber} />
              ) : (
                tr.digits(c.mobileNumber)
              ),
            ],
          ]}
        />
      </div>

      {viewerRole === "admin" ? (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
          <RiskPanel order={order} />
          <CallsSection order={order} />
          <NotesSection order={order} />
        </div>
      ) : null}

      <section aria-labelledby="order-summary" className="rounded-box border border-base-300 p-4">
        <h2 id="order-summary" className="mb-3 text-lg font-semibold">
          {t("dash.orders.summary")}
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
                  {inLang(tr.lang, line.name, line.nameBn)}
                </Link>
                {lineOptionsText(tr, line).length > 0 ? (
                  <p className="text-sm text-base-content/70">
                    {lineOptionsText(tr, line).join(", ")}
                  </p>
                ) : null}
                <p className="text-sm">
                  {t("dash.orders.line.priceTimes", {
                    price: tr.taka(line.originalPrice),
                    quantity: tr.count(line.quantity),
                  })}
                </p>
              </div>
              <p className="shrink-0 font-semibold">{tr.taka(line.lineTotal)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-3 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 border-t border-base-300 pt-3">
          <dt>{t("dash.orders.subTotal")}</dt>
          <dd className="text-right">{tr.taka(order.subTotal)}</dd>
          <dt>{t("dash.orders.deliveryCharge")}</dt>
          <dd className="text-right">{tr.taka(c.deliveryCharge)}</dd>
          <dt className="font-semibold">{t("dash.orders.totalAmount")}</dt>
          <dd className="text-right font-semibold" data-testid="overview-total">
            {tr.taka(order.total)}
          </dd>
        </dl>
      </section>

      <section aria-labelledby="order-comment" className="rounded-box border border-base-300 p-4">
        <h2 id="order-comment" className="mb-2 text-lg font-semibold">
          {t("dash.orders.comment")}
        </h2>
        <p className="whitespace-pre-line break-words">
          {c.comment.trim() ? c.comment : t("dash.orders.noComment")}
        </p>
      </section>

      <section aria-labelledby="order-history" className="rounded-box border border-base-300 p-4">
        <h2 id="order-history" className="mb-2 text-lg font-semibold">
          {t("dash.orders.history")}
        </h2>
        <ol className="flex flex-col gap-2">
          {order.history.map((entry, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: history entries have no id and never reorder
              key={i}
              className="flex flex-wrap items-baseline justify-between gap-x-4 border-l-4 border-primary pl-3"
            >
              <span className="font-medium">{historyText(tr, entry)}</span>
              <span className="text-sm text-base-content/70">
                <time dateTime={entry.at}>{dateTime(tr, entry.at)}</time>
                {historyByText(tr, entry)}
              </span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
