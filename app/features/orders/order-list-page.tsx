import { Link, useLocation } from "react-router";
import { useI18n } from "~/app/i18n/use-i18n";
import type { CourierName } from "~/core/courier";
import type { QueueFilter } from "~/core/order-calls";
import type { OrderList } from "~/core/order-lists";
import type { Role } from "~/core/order-status";
import type { OrderPage } from "~/core/order-view";
import { useRevalidateOnFocus } from "../catalogue/use-revalidate-on-focus";
import { BulkOrderBar, ExportOrdersForm } from "./bulk-orders";
import { CallNotice, QueueFilters } from "./confirmation";
import { BULK_FORM_ID } from "./courier-actions";
import { BookButtons } from "./courier-panel";
import { OrderChangeOutcome } from "./order-change-outcome";
import { OrderSearch } from "./order-search";
import { OrderTable } from "./order-table";
import { listEmpty, listTitle, ordersCount } from "./order-text";
import { orderListSearch } from "./paths";
import { useOrderAction } from "./use-order-action";

export type OrderListData = {
  list: OrderList;
  page: OrderPage & {
    search: string;
    /** The admins' Pending list: the confirmation queue and its filter. */
    queue?: { filter: QueueFilter | null; retryMinutes: number };
  };
  /** True when this is not the first page (a cursor is in the URL). */
  continued: boolean;
  viewerRole: Role;
  /** Admin lists: the couriers to book with (none configured → empty). */
  offered?: readonly CourierName[];
};

function countText(tr: ReturnType<typeof useI18n>, total: number, search: string): string {
  const orders = ordersCount(tr, total);
  return search ? tr.t("dash.orders.count.found", { orders, search }) : orders;
}

/** One dashboard order list: heading, search, count, the table and the next page. */
export function OrderListPage({ list, page, continued, viewerRole, offered = [] }: OrderListData) {
  const location = useLocation();
  const tr = useI18n();
  const { t } = tr;
  const title = listTitle(tr, list);
  const { run, busyId } = useOrderAction();
  // Spec §4: dashboard data refetches when the window regains focus.
  useRevalidateOnFocus();

  const headingId = `${list.slug}-heading`;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 id={headingId} className="text-2xl font-bold sm:text-3xl">
          {title}
        </h1>
        <OrderSearch value={page.search} />
      </div>

      <p role="status" className="text-base-content/80" data-testid="order-count">
        {countText(tr, page.total, page.search)}
      </p>

      {page.queue ? (
        <QueueFilters
          current={page.queue.filter}
          search={page.search}
          retryMinutes={page.queue.retryMinutes}
        />
      ) : null}

      <OrderChangeOutcome />
      <CallNotice />

      {list.role === "admin" ? (
        <ExportOrdersForm status={list.statuses.length === 1 ? list.statuses[0] : undefined} />
      ) : null}
      {list.role === "admin" && page.data.length > 0 ? <BulkOrderBar offered={offered} /> : null}

      {continued ? (
        <p className="text-sm">
          <Link
            to={`${location.pathname}${orderListSearch({ q: page.search, calls: page.queue?.filter })}`}
            className="link"
          >
            {t("dash.orders.firstPage")}
          </Link>
        </p>
      ) : null}

      {page.data.length === 0 ? (
        <p className="rounded-box bg-base-200 p-8 text-center">
          {page.search ? t("dash.orders.noMatch", { search: page.search }) : listEmpty(tr, list)}
        </p>
      ) : (
        <OrderTable
          orders={page.data}
          caption={title}
          side={list.role}
          viewerRole={viewerRole}
          busyId={busyId}
          onAction={(order, action) => void run(order, action)}
          callQueue={page.queue !== undefined}
          selection={
            list.role === "admin"
              ? { formId: BULK_FORM_ID, all: location.search.includes("select=all") }
              : undefined
          }
          rowExtra={
            list.role === "admin"
              ? (order) =>
                  order.orderStatus === "Confirmed" && !order.courier ? (
                    <div className="mt-1.5">
                      <BookButtons
                        orderId={order._id}
                        orderNumber={order.orderNumber}
                        offered={offered}
                        size="xs"
                      />
                    </div>
                  ) : null
              : undefined
          }
        />
      )}

      {page.nextCursor ? (
        <div className="flex justify-center">
          <Link
            to={`${location.pathname}${orderListSearch({ q: page.search, cursor: page.nextCursor, calls: page.queue?.filter })}`}
            className="btn btn-outline"
          >
            {t("dash.orders.nextPage")}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
