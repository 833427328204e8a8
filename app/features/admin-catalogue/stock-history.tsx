import { Form, Link, useActionData, useNavigation } from "react-router";
import { type ActionFailure, isActionFailure, issuesByField } from "~/app/lib/field-issues";
import { formatOrderDate, formatOrderTime } from "~/core/dates";
import { NO_CHOICE, type StockLevel, type StockReason } from "~/core/stock";
import { withCursor } from "../catalogue/paths";
import { orderOverviewPath } from "../orders/paths";
import { PRODUCTS_TABLE_PATH } from "./stock-paths";

/** The ledger's reasons in an admin's words. */
export const REASON_LABELS: Record<StockReason, string> = {
  order_placed: "Order placed",
  order_cancelled: "Order cancelled",
  returned: "Returned",
  adjustment: "Adjustment",
  import: "Import",
};

type Entry = {
  id: number;
  size: string;
  color: string;
  change: number;
  reason: StockReason;
  orderId: string | null;
  orderNumber: number | null;
  userName: string | null;
  at: string;
};

type Props = {
  product: {
    _id: string;
    name: string;
    sizes: readonly string[];
    colors: readonly string[];
    trackStock: boolean;
    stock: readonly StockLevel[];
    total: number;
    low: boolean;
  };
  entries: readonly Entry[];
  nextCursor: string | null;
  continued: boolean;
};

/** "+3" / "−2": a change with its sign. */
export function signedChange(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

const shown = (v: string) => (v === NO_CHOICE ? "—" : v);

/** A product's stock ledger, newest first, with a form to change one variant by hand. */
export function StockHistory({ product, entries, nextCursor, continued }: Props) {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <p className="flex flex-wrap gap-4 text-sm">
        <Link to={PRODUCTS_TABLE_PATH} className="link">
          ← All Products
        </Link>
        <Link to={`/dashboard/update/${encodeURIComponent(product._id)}`} className="link">
          Edit product
        </Link>
      </p>
      <h1 className="text-2xl font-bold sm:text-3xl">Stock of {product.name}</h1>
      <p data-testid="stock-summary">
        {product.trackStock ? (
          <>
            {product.total} pieces on hand
            {product.low ? <span className="badge badge-warning badge-sm ml-2">Low</span> : null}
          </>
        ) : (
          "Not tracked: always available."
        )}
      </p>
      <OnHand product={product} />
      <AdjustForm product={product} />
      <section aria-labelledby="ledger-heading" className="flex flex-col gap-3">
        <h2 id="ledger-heading" className="text-xl font-bold">
          History
        </h2>
        {continued ? (
          <Link to="?" className="link text-sm">
            Back to the newest
          </Link>
        ) : null}
        {entries.length === 0 ? (
          <p className="rounded-box bg-base-200 p-6 text-center">No stock changes yet.</p>
        ) : (
          <div className="overflow-x-auto rounded-box border border-base-300">
            <table className="table table-sm stack-table">
              <caption className="sr-only">Stock changes, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Size</th>
                  <th scope="col">Colour</th>
                  <th scope="col">Change</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Order</th>
                  <th scope="col">Who</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.id} data-entry-id={e.id}>
                    <td className="whitespace-nowrap" data-label="When">
                      {formatOrderDate(e.at)} {formatOrderTime(e.at)}
                    </td>
                    <td data-label="Size">{shown(e.size)}</td>
                    <td data-label="Colour">{shown(e.color)}</td>
                    <td
                      data-label="Change"
                      className={`font-semibold ${
                        e.change < 0
                          ? "text-red-700 in-data-[theme=dark]:text-red-300"
                          : "text-green-800 in-data-[theme=dark]:text-green-300"
                      }`}
                    >
                      {signedChange(e.change)}
                    </td>
                    <td data-label="Reason">{REASON_LABELS[e.reason]}</td>
                    <td data-label="Order">
                      {e.orderId && e.orderNumber !== null ? (
                        <Link to={orderOverviewPath(e.orderId)} className="link">
                          #{e.orderNumber}
                        </Link>
                      ) : e.orderId ? (
                        "Deleted"
                      ) : (
                        "—"
                      )}
                    </td>
                    <td data-label="Who">{e.userName ?? (e.orderId ? "Guest" : "—")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {nextCursor ? (
          <Link to={withCursor("", nextCursor)} className="btn btn-outline self-center">
            Older changes
          </Link>
        ) : null}
      </section>
    </div>
  );
}

/** Pieces on hand now, per variant. */
function OnHand({ product }: { product: Props["product"] }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Pieces on hand">
      {product.stock.map((l) => {
        const name = [l.size, l.color].filter((v) => v !== NO_CHOICE).join(" / ") || "Pieces";
        return (
          <li
            key={`${l.size}/${l.color}`}
            className={`badge badge-lg ${l.quantity <= 0 ? "badge-error" : "badge-ghost"}`}
          >
            {name}: {l.quantity}
          </li>
        );
      })}
    </ul>
  );
}

/** One variant, a change and a reason: a plain form (works without JavaScript). */
function AdjustForm({ product }: { product: Props["product"] }) {
  const answer = useActionData<ActionFailure | { ok: true; level: StockLevel }>();
  const busy = useNavigation().state === "submitting";
  const issues = isActionFailure(answer) ? issuesByField(answer.issues) : {};
  const done = answer && !isActionFailure(answer) ? answer.level : null;
  const issue = (field: string) =>
    issues[field] ? (
      <p id={`adjust-${field}-issue`} className="text-sm text-error">
        {issues[field]}
      </p>
    ) : null;
  const described = (field: string) => ({
    "aria-invalid": issues[field] ? true : undefined,
    "aria-describedby": issues[field] ? `adjust-${field}-issue` : undefined,
  });
  return (
    <section aria-labelledby="adjust-heading" className="rounded-box border border-base-300 p-4">
      <h2 id="adjust-heading" className="mb-3 text-lg font-bold">
        Change stock
      </h2>
      <Form method="post" className="flex flex-wrap items-start gap-3" noValidate>
        {product.sizes.length > 0 ? (
          <div className="flex flex-col gap-1">
            <label htmlFor="adjust-size" className="text-sm font-medium">
              Size
            </label>
            <select
              id="adjust-size"
              name="size"
              className="select select-sm"
              {...described("size")}
            >
              {product.sizes.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
            {issue("size")}
          </div>
        ) : (
          <input type="hidden" name="size" value={NO_CHOICE} />
        )}
        {product.colors.length > 0 ? (
          <div className="flex flex-col gap-1">
            <label htmlFor="adjust-color" className="text-sm font-medium">
              Colour
            </label>
            <select
              id="adjust-color"
              name="color"
              className="select select-sm"
              {...described("color")}
            >
              {product.colors.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
            {issue("color")}
          </div>
        ) : (
          <input type="hidden" name="color" value={NO_CHOICE} />
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor="adjust-change" className="text-sm font-medium">
            Change (negative takes away)
          </label>
          <input
            id="adjust-change"
            name="change"
            type="text"
            inputMode="numeric"
            pattern="-?[0-9]*"
            className="input input-sm w-32"
            {...described("change")}
          />
          {issue("change")}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="adjust-reason" className="text-sm font-medium">
            Reason
          </label>
          <select
            id="adjust-reason"
            name="reason"
            className="select select-sm"
            {...described("reason")}
          >
            <option value="adjustment">{REASON_LABELS.adjustment}</option>
            <option value="import">{REASON_LABELS.import}</option>
          </select>
          {issue("reason")}
        </div>
        <button type="submit" className="btn btn-primary btn-sm mt-6" disabled={busy}>
          {busy ? "Saving..." : "Save change"}
        </button>
      </Form>
      <p aria-live="polite" className="mt-2 text-sm">
        {done
          ? `Saved: ${[done.size, done.color].filter((v) => v !== NO_CHOICE).join(" / ") || "the product"} has ${done.quantity} on hand.`
          : isActionFailure(answer) && answer.issues.length === 0
            ? answer.message
            : ""}
      </p>
    </section>
  );
}
