import { Link, useLocation, useSubmit } from "react-router";
import { courierName } from "~/app/i18n/courier-name";
import type { MessageKey } from "~/app/i18n/keys";
import { useI18n } from "~/app/i18n/use-i18n";
import { COURIER_NAMES, type CourierName } from "~/core/courier";
import { ORDER_STATUSES, type OrderStatus } from "~/core/order-status";
import type { OrderView } from "~/core/order-view";
import { BULK_FORM_ID } from "./courier-actions";
import { CourierOutcome, useCourierResult } from "./courier-panel";
import { orderNo, statusName } from "./order-text";

export const PRINT_INVOICES_PATH = "/dashboard/print/invoices";
export const PRINT_LABELS_PATH = "/dashboard/print/labels";
export const EXPORT_ORDERS_PATH = "/dashboard/export/orders.csv";

/** One order's checkbox; it belongs to the bulk form by its id (the table has its own forms). */
export function SelectOrder({
  order,
  formId,
  checked,
}: {
  order: OrderView;
  formId: string;
  checked: boolean;
}) {
  const tr = useI18n();
  return (
    <input
      // A new element when "Select all" changes, so the page's choice shows (defaultChecked).
      key={String(checked)}
      type="checkbox"
      name="id"
      value={order._id}
      form={formId}
      defaultChecked={checked}
      className="checkbox checkbox-sm"
      aria-label={tr.t("dash.orders.bulk.selectOrder", { number: orderNo(tr, order.orderNumber) })}
    />
  );
}

/** Checks every order on this page (with scripts; without, the bar's "Select all" link). */
export function SelectAllOnPage({ formId }: { formId: string }) {
  const { t } = useI18n();
  return (
    <input
      type="checkbox"
      className="checkbox checkbox-sm mr-2 align-middle"
      aria-label={t("dash.orders.bulk.selectAllAria")}
      onChange={(event) => {
        const boxes = document.querySelectorAll<HTMLInputElement>(
          `input[type=checkbox][name=id][form="${formId}"]`,
        );
        for (const box of boxes) box.checked = event.currentTarget.checked;
      }}
    />
  );
}

/** The courier and tracking code under an order's status, once a courier is involved. */
export function OrderCourierLine({ order }: { order: OrderView }) {
  const tr = useI18n();
  const c = order.courier;
  if (!c) return null;
  const state =
    c.booking && c.booking !== "booked"
      ? ` (${tr.t(`dash.orders.bookingState.${c.booking}` as MessageKey)})`
      : "";
  return (
    <p className="mt-1 text-xs whitespace-nowrap text-base-content/70" data-testid="order-courier">
      {courierName(tr.t, c.name)}
      {state}
      {c.trackingCode ? ` · ${c.trackingCode}` : ""}
      {c.consignmentId && c.consignmentId !== c.trackingCode ? ` · #${c.consignmentId}` : ""}
      {c.charge != null ? ` · ৳${tr.digits(String(c.charge))}` : ""}
    </p>
  );
}

/**
 * The bulk form of an admin order list: the table's checkboxes (`form=` this form's id) and
 * Confirm, Book with …, Print invoices, Print labels. A plain form post without scripts; with
 * scripts the posts stay in the page and the prints open in a new tab as the browser does.
 */
export function BulkOrderBar({ offered }: { offered: readonly CourierName[] }) {
  const submit = useSubmit();
  const location = useLocation();
  const result = useCourierResult();
  const { t } = useI18n();
  const params = new URLSearchParams(location.search);
  const allSelected = params.get("select") === "all";
  params.delete("select");
  if (!allSelected) params.set("select", "all");
  const toggle = `${location.pathname}${params.size ? `?${params}` : ""}`;
  return (
    <div className="flex flex-col gap-2 print:hidden">
      <form
        id={BULK_FORM_ID}
        method="post"
        aria-label={t("dash.orders.bulk.form")}
        className="flex flex-wrap items-center gap-2 rounded-box bg-base-200 p-2"
        onSubmit={(event) => {
          const submitter = event.nativeEvent.submitter as HTMLButtonElement | null;
          // Prints open in a new tab as a plain form does; posts stay in the page.
          if (submitter?.formTarget === "_blank") return;
          event.preventDefault();
          void submit(submitter ?? event.currentTarget);
        }}
      >
        <span className="text-sm font-medium">{t("dash.orders.bulk.selected")}</span>
        <button type="submit" name="intent" value="bulk-confirm" className="btn btn-sm">
          {t("dash.orders.action.confirm")}
        </button>
        {offered.map((courier) => (
          <button
            key={courier}
            type="submit"
            name="bulkCourier"
            value={courier}
            className="btn btn-sm"
          >
            {t("dash.orders.courier.bookWith", { courier: courierName(t, courier) })}
          </button>
        ))}
        <button
          type="submit"
          formMethod="get"
          formAction={PRINT_INVOICES_PATH}
          formTarget="_blank"
          className="btn btn-sm btn-outline"
        >
          {t("dash.orders.bulk.printInvoices")}
        </button>
        <button
          type="submit"
          formMethod="get"
          formAction={PRINT_LABELS_PATH}
          formTarget="_blank"
          name="size"
          value="a4"
          className="btn btn-sm btn-outline"
        >
          {t("dash.orders.bulk.labelsA4")}
        </button>
        <button
          type="submit"
          formMethod="get"
          formAction={PRINT_LABELS_PATH}
          formTarget="_blank"
          name="size"
          value="4x6"
          className="btn btn-sm btn-outline"
        >
          {t("dash.orders.bulk.labels4x6")}
        </button>
        <Link to={toggle} className="link text-sm">
          {allSelected ? t("dash.orders.bulk.clear") : t("dash.orders.bulk.selectAll")}
        </Link>
      </form>
      {offered.length === 0 ? (
        <p className="text-xs text-base-content/70">{t("dash.orders.courier.none")}</p>
      ) : null}
      <CourierOutcome result={result} />
    </div>
  );
}

/**
 * Export orders as CSV: a GET form (status, dates, courier), the file downloads. `status`: the
 * list's own status, chosen at first (an export from Cancelled Orders is of cancelled orders).
 */
export function ExportOrdersForm({ status }: { status?: OrderStatus }) {
  const tr = useI18n();
  const { t } = tr;
  return (
    <details className="rounded-box border border-base-300 p-2 text-sm print:hidden">
      <summary className="cursor-pointer font-medium">{t("dash.orders.export.title")}</summary>
      <form
        method="get"
        action={EXPORT_ORDERS_PATH}
        className="mt-2 flex flex-wrap items-end gap-2"
      >
        <label className="flex flex-col gap-1">
          <span>{t("dash.orders.export.status")}</span>
          <select
            name="status"
            className="select select-bordered select-sm"
            defaultValue={status ?? ""}
          >
            <option value="">{t("dash.orders.export.all")}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusName(tr, s)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span>{t("dash.orders.export.from")}</span>
          <input type="date" name="from" className="input input-bordered input-sm" />
        </label>
        <label className="flex flex-col gap-1">
          <span>{t("dash.orders.export.to")}</span>
          <input type="date" name="to" className="input input-bordered input-sm" />
        </label>
        <label className="flex flex-col gap-1">
          <span>{t("dash.orders.export.courier")}</span>
          <select name="courier" className="select select-bordered select-sm">
            <option value="">{t("dash.orders.export.any")}</option>
            {COURIER_NAMES.map((c) => (
              <option key={c} value={c}>
                {courierName(t, c)}
              </option>
            ))}
            <option value="none">{t("dash.orders.export.none")}</option>
          </select>
        </label>
        <button type="submit" className="btn btn-sm btn-outline">
          {t("dash.orders.export.download")}
        </button>
      </form>
    </details>
  );
}
