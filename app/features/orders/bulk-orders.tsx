import { Link, useLocation, useSubmit } from "react-router";
import { COURIER_LABELS, COURIER_NAMES, type CourierName } from "~/core/courier";
import { ORDER_STATUSES } from "~/core/order-status";
import type { OrderView } from "~/core/order-view";
import { BULK_FORM_ID } from "./courier-actions";
import { CourierOutcome, NO_COURIER_NOTE, useCourierResult } from "./courier-panel";

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
      aria-label={`Select order ${order.orderNumber}`}
    />
  );
}

/** Checks every order on this page (with scripts; without, the bar's "Select all" link). */
export function SelectAllOnPage({ formId }: { formId: string }) {
  return (
    <input
      type="checkbox"
      className="checkbox checkbox-sm mr-2 align-middle"
      aria-label="Select all orders on this page"
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
  const c = order.courier;
  if (!c) return null;
  const state = c.booking && c.booking !== "booked" ? ` (${c.booking})` : "";
  return (
    <p className="mt-1 text-xs whitespace-nowrap text-base-content/70" data-testid="order-courier">
      {COURIER_LABELS[c.name]}
      {state}
      {c.trackingCode ? ` · ${c.trackingCode}` : ""}
      {c.consignmentId && c.consignmentId !== c.trackingCode ? ` · #${c.consignmentId}` : ""}
      {c.charge != null ? ` · ৳${c.charge}` : ""}
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
        aria-label="Selected orders"
        className="flex flex-wrap items-center gap-2 rounded-box bg-base-200 p-2"
        onSubmit={(event) => {
          const submitter = event.nativeEvent.submitter as HTMLButtonElement | null;
          // Prints open in a new tab as a plain form does; posts stay in the page.
          if (submitter?.formTarget === "_blank") return;
          event.preventDefault();
          void submit(submitter ?? event.currentTarget);
        }}
      >
        <span className="text-sm font-medium">Selected orders:</span>
        <button type="submit" name="intent" value="bulk-confirm" className="btn btn-sm">
          Confirm
        </button>
        {offered.map((courier) => (
          <button
            key={courier}
            type="submit"
            name="bulkCourier"
            value={courier}
            className="btn btn-sm"
          >
            Book with {COURIER_LABELS[courier]}
          </button>
        ))}
        <button
          type="submit"
          formMethod="get"
          formAction={PRINT_INVOICES_PATH}
          formTarget="_blank"
          className="btn btn-sm btn-outline"
        >
          Print invoices
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
          Print labels (A4)
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
          Print labels (4×6 in)
        </button>
        <Link to={toggle} className="link text-sm">
          {allSelected ? "Clear selection" : "Select all on this page"}
        </Link>
      </form>
      {offered.length === 0 ? (
        <p className="text-xs text-base-content/70">{NO_COURIER_NOTE}</p>
      ) : null}
      <CourierOutcome result={result} />
    </div>
  );
}

/** Export orders as CSV: a GET form (status, dates, courier), the file downloads. */
export function ExportOrdersForm() {
  return (
    <details className="rounded-box border border-base-300 p-2 text-sm print:hidden">
      <summary className="cursor-pointer font-medium">Export orders (CSV)</summary>
      <form
        method="get"
        action={EXPORT_ORDERS_PATH}
        className="mt-2 flex flex-wrap items-end gap-2"
      >
        <label className="flex flex-col gap-1">
          <span>Status</span>
          <select name="status" className="select select-bordered select-sm">
            <option value="">All</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          <span>From</span>
          <input type="date" name="from" className="input input-bordered input-sm" />
        </label>
        <label className="flex flex-col gap-1">
          <span>To</span>
          <input type="date" name="to" className="input input-bordered input-sm" />
        </label>
        <label className="flex flex-col gap-1">
          <span>Courier</span>
          <select name="courier" className="select select-bordered select-sm">
            <option value="">Any</option>
            {COURIER_NAMES.map((c) => (
              <option key={c} value={c}>
                {COURIER_LABELS[c]}
              </option>
            ))}
            <option value="none">Not with a courier</option>
          </select>
        </label>
        <button type="submit" className="btn btn-sm btn-outline">
          Download CSV
        </button>
      </form>
    </details>
  );
}
