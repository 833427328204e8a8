import { Form, Link, useActionData, useLocation } from "react-router";
import { type ActionFailure, isActionFailure, issuesByField } from "~/app/lib/field-issues";
import {
  CALL_OUTCOME_LABELS,
  CANCEL_REASON_MAX,
  CANCEL_REASONS,
  ORDER_NOTE_MAX,
  type QueueFilter,
} from "~/core/order-calls";
import type { OrderDetailView, OrderView } from "~/core/order-view";
import { type CallFormResult, isCallFormAnswer } from "./order-calls-form";
import { orderDateTime } from "./order-format";
import { orderListSearch } from "./paths";

/** An order of ORDER_OTP that waits for its code (decision 060), as staff read it. */
const AWAITING_CODE = "Waiting for the code sent by SMS";

/**
 * The confirmation queue and the cash-on-delivery risk on screen (issue 23 items 1–2, decision
 * 057): every form posts to the page's own action and works without scripts.
 */

function failureFor(result: unknown, form: "call" | "note", id: string): ActionFailure | null {
  if (!isActionFailure(result)) return null;
  const details = result.details ?? {};
  return details.form === form && details.id === id ? result : null;
}

/** The customer's number, to call with one tap on a phone. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={`tel:${phone}`} className="link whitespace-nowrap font-medium">
      {phone}
    </a>
  );
}

function ratioText(ratio: number | null): string {
  return ratio === null ? "no parcel finished yet" : `${Math.round(ratio * 100)}% delivered`;
}

/** This number's history at the shop, the Risky badge and why an order is held (admins). */
export function RiskSummary({ order }: { order: OrderView }) {
  const risk = order.risk;
  if (!risk) return null;
  return (
    <div className="mt-1 flex flex-col gap-0.5 text-xs" data-testid="risk">
      {risk.risky ? (
        <span className="badge badge-error badge-sm w-fit whitespace-nowrap">Risky</span>
      ) : null}
      <span className="text-base-content/70">
        {risk.orders} {risk.orders === 1 ? "order" : "orders"}, {risk.delivered} delivered,{" "}
        {risk.cancelled} cancelled, {risk.returned} returned ({ratioText(risk.deliveredRatio)})
      </span>
      {order.heldReason ? (
        <span className="font-semibold text-error">Held: {order.heldReason}</span>
      ) : null}
      {order.awaitingCode ? <span className="font-semibold">{AWAITING_CODE}</span> : null}
    </div>
  );
}

/** Calls so far: "Not called yet" or "2 calls, last 25 Nov, 10:05 pm: No answer". */
export function CallState({ order }: { order: OrderView }) {
  const state = order.confirmation;
  if (!state) return null;
  if (state.attempts === 0) {
    return <p className="text-xs text-base-content/70">Not called yet</p>;
  }
  return (
    <p className="text-xs text-base-content/70" data-testid="call-state">
      {state.attempts} {state.attempts === 1 ? "call" : "calls"}
      {state.lastCallAt ? (
        <>
          , last <time dateTime={state.lastCallAt}>{orderDateTime(state.lastCallAt)}</time>
        </>
      ) : null}
      {state.lastOutcome ? `: ${CALL_OUTCOME_LABELS[state.lastOutcome]}` : null}
    </p>
  );
}

function CallInputs({ order, outcome }: { order: OrderView; outcome: string }) {
  return (
    <>
      <input type="hidden" name="intent" value="call" />
      <input type="hidden" name="id" value={order._id} />
      <input type="hidden" name="orderNumber" value={order.orderNumber} />
      <input type="hidden" name="outcome" value={outcome} />
    </>
  );
}

/**
 * One-tap outcomes of a call on a Pending order: Confirmed, No answer, Wrong number at once;
 * Cancelled after choosing a reason, then "Are you sure?".
 */
export function CallOutcomeForms({ order }: { order: OrderView }) {
  const result = useActionData();
  const failure = failureFor(result, "call", order._id);
  const issues = failure ? issuesByField(failure.issues) : {};
  const label = `order ${order.orderNumber}`;
  return (
    <div className="flex flex-col gap-1.5" data-testid="call-outcomes">
      <div className="flex flex-wrap gap-1.5">
        {(["confirmed", "no_answer", "wrong_number"] as const).map((outcome) => (
          <Form method="post" key={outcome}>
            <CallInputs order={order} outcome={outcome} />
            <button
              type="submit"
              className={`btn btn-xs ${outcome === "confirmed" ? "btn-success" : "btn-outline"}`}
              aria-label={`${CALL_OUTCOME_LABELS[outcome]}: ${label}`}
            >
              {CALL_OUTCOME_LABELS[outcome]}
            </button>
          </Form>
        ))}
      </div>
      <details open={Boolean(issues.reason)}>
        <summary className="btn btn-xs btn-outline btn-error">Cancel…</summary>
        <Form method="post" className="mt-1 flex flex-col gap-1">
          <CallInputs order={order} outcome="cancelled" />
          <label className="text-xs">
            Reason
            <select
              name="reason"
              className="select select-xs mt-0.5 block w-full"
              defaultValue={CANCEL_REASONS[0]}
            >
              {CANCEL_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {reason}
                </option>
              ))}
            </select>
          </label>
          <label className="text-xs">
            Or in your words
            <input
              name="reasonText"
              maxLength={CANCEL_REASON_MAX}
              className="input input-xs mt-0.5 block w-full"
            />
          </label>
          {issues.reason ? <p className="text-xs text-error">{issues.reason}</p> : null}
          <button type="submit" className="btn btn-xs btn-error" aria-label={`Cancel ${label}`}>
            Cancel order
          </button>
        </Form>
      </details>
      {failure && !issues.reason ? (
        <p role="alert" className="text-xs text-error">
          {failure.message}
        </p>
      ) : null}
    </div>
  );
}

/** After a call form's post: "Are you sure?" for Cancel, then what was recorded. */
export function CallNotice() {
  const result = useActionData() as CallFormResult | ActionFailure | undefined;
  const location = useLocation();
  if (!result || !isCallFormAnswer(result) || isActionFailure(result)) return null;
  if (result.form === "call" && result.ok === "confirm") {
    return (
      <section
        aria-labelledby="call-cancel-confirm"
        className="rounded-box border border-warning bg-base-200 p-4"
      >
        <h2 id="call-cancel-confirm" className="text-lg font-semibold">
          Are you sure?
        </h2>
        <p className="mt-1">
          Cancel order #{result.orderNumber}: {result.reason}
        </p>
        <Form method="post" className="mt-3 flex flex-wrap gap-2">
          <input type="hidden" name="intent" value="call" />
          <input type="hidden" name="id" value={result.id} />
          <input type="hidden" name="orderNumber" value={result.orderNumber} />
          <input type="hidden" name="outcome" value="cancelled" />
          <input type="hidden" name="reasonText" value={result.reason} />
          <input type="hidden" name="note" value={result.note} />
          <input type="hidden" name="confirmed" value="yes" />
          <button type="submit" className="btn btn-sm btn-error">
            Yes, cancel it
          </button>
          <Link to={`${location.pathname}${location.search}`} className="btn btn-sm btn-ghost">
            No
          </Link>
        </Form>
      </section>
    );
  }
  if (result.form === "call" && result.ok === true) {
    return (
      <p role="status" className="alert alert-success">
        Order #{result.orderNumber}: {CALL_OUTCOME_LABELS[result.outcome]} recorded
        {result.orderStatus !== "Pending" ? `; it is now ${result.orderStatus}.` : "."}
      </p>
    );
  }
  return null;
}

const FILTER_LABELS: [QueueFilter | null, string][] = [
  [null, "To call"],
  ["not_called", "Not yet called"],
  ["no_answer", "No answer"],
  ["risky", "Risky"],
];

/** The queue's filters, as links (the filter is in the URL and applied by the server). */
export function QueueFilters({
  current,
  search,
  retryMinutes,
}: {
  current: QueueFilter | null;
  search: string;
  retryMinutes: number;
}) {
  const location = useLocation();
  return (
    <nav aria-label="Queue filters" className="flex flex-col gap-1">
      <ul className="flex flex-wrap gap-1.5">
        {FILTER_LABELS.map(([filter, label]) => (
          <li key={label}>
            <Link
              to={`${location.pathname}${orderListSearch({ q: search, calls: filter })}`}
              className={`btn btn-sm ${current === filter ? "btn-primary" : "btn-outline"}`}
              aria-current={current === filter ? "page" : undefined}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
      <p className="text-xs text-base-content/70">
        Oldest first. An order whose customer did not answer is back after {retryMinutes} minutes.
      </p>
    </nav>
  );
}

/** The overview's risk panel: our history of the number, Steadfast's when fetched. */
export function RiskPanel({ order }: { order: OrderView }) {
  const risk = order.risk;
  if (!risk) return null;
  const courier = risk.courierHistory;
  return (
    <section aria-labelledby="order-risk" className="rounded-box border border-base-300 p-4">
      <h2 id="order-risk" className="mb-2 flex items-center gap-2 text-lg font-semibold">
        Cash-on-delivery risk
        {risk.risky ? <span className="badge badge-error">Risky</span> : null}
        {risk.blocked ? <span className="badge badge-neutral">Blocked number</span> : null}
      </h2>
      {order.heldReason ? (
        <p className="mb-2 font-semibold text-error">Held: {order.heldReason}</p>
      ) : null}
      {order.awaitingCode ? (
        <p className="mb-2 font-semibold" data-testid="awaiting-code">
          {AWAITING_CODE}: confirm it by phone, or it joins the Pending queue once the customer
          enters the code.
        </p>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="risk-panel">
        <dt>Orders from this number</dt>
        <dd>{risk.orders}</dd>
        <dt>Delivered</dt>
        <dd>{risk.delivered}</dd>
        <dt>Cancelled</dt>
        <dd>{risk.cancelled}</dd>
        <dt>Returned</dt>
        <dd>{risk.returned}</dd>
        <dt>Delivered ratio</dt>
        <dd>{ratioText(risk.deliveredRatio)}</dd>
      </dl>
      {courier ? (
        <p className="mt-2 text-sm" data-testid="courier-history">
          Steadfast: {courier.totalParcels} parcels, {courier.delivered} delivered,{" "}
          {courier.cancelled} cancelled (checked{" "}
          <time dateTime={courier.checkedAt}>{orderDateTime(courier.checkedAt)}</time>)
        </p>
      ) : null}
    </section>
  );
}

/** The overview's calls: each outcome with who and when, and the outcome buttons while Pending. */
export function CallsSection({ order }: { order: OrderDetailView }) {
  if (!order.calls) return null;
  return (
    <section aria-labelledby="order-calls" className="rounded-box border border-base-300 p-4">
      <h2 id="order-calls" className="mb-2 text-lg font-semibold">
        Calls
      </h2>
      <p className="mb-2 text-sm">
        Call <PhoneLink phone={order.customerData.mobileNumber} />
      </p>
      {order.calls.length === 0 ? (
        <p className="text-sm text-base-content/70">No call recorded yet.</p>
      ) : (
        <ol className="mb-3 flex flex-col gap-1.5" data-testid="calls">
          {order.calls.map((call) => (
            <li key={call.id} className="border-l-4 border-info pl-3 text-sm">
              <span className="font-medium">{CALL_OUTCOME_LABELS[call.outcome]}</span>
              {call.reason ? `: ${call.reason}` : null}
              {call.note ? <span className="block">{call.note}</span> : null}
              <span className="block text-base-content/70">
                <time dateTime={call.at}>{orderDateTime(call.at)}</time>, by{" "}
                {call.byName ?? "a former admin"}
              </span>
            </li>
          ))}
        </ol>
      )}
      {order.orderStatus === "Pending" ? <CallOutcomeForms order={order} /> : null}
    </section>
  );
}

/** Internal notes (staff only) and the form to add one. */
export function NotesSection({ order }: { order: OrderDetailView }) {
  const result = useActionData();
  if (!order.notes) return null;
  const failure = failureFor(result, "note", order._id);
  const issues = failure ? issuesByField(failure.issues) : {};
  const added = isCallFormAnswer(result) && (result as { form?: string }).form === "note";
  return (
    <section aria-labelledby="order-notes" className="rounded-box border border-base-300 p-4">
      <h2 id="order-notes" className="mb-2 text-lg font-semibold">
        Internal notes
      </h2>
      <p className="mb-2 text-xs text-base-content/70">Only staff see these notes.</p>
      {order.notes.length === 0 ? (
        <p className="text-sm text-base-content/70">No notes yet.</p>
      ) : (
        <ol className="mb-3 flex flex-col gap-1.5" data-testid="notes">
          {order.notes.map((note) => (
            <li key={note.id} className="border-l-4 border-base-300 pl-3 text-sm">
              <span className="block whitespace-pre-line break-words">{note.text}</span>
              <span className="block text-base-content/70">
                <time dateTime={note.at}>{orderDateTime(note.at)}</time>, by{" "}
                {note.byName ?? "a former admin"}
              </span>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" className="flex flex-col gap-1" key={added ? order.notes.length : "new"}>
        <input type="hidden" name="intent" value="note" />
        <input type="hidden" name="id" value={order._id} />
        <label htmlFor="note-text" className="text-sm font-medium">
          Add note
        </label>
        <textarea
          id="note-text"
          name="text"
          maxLength={ORDER_NOTE_MAX}
          rows={2}
          className="textarea textarea-sm w-full"
          aria-invalid={issues.text ? true : undefined}
          aria-describedby={issues.text ? "note-text-issue" : undefined}
        />
        {issues.text ? (
          <p id="note-text-issue" className="text-sm text-error">
            {issues.text}
          </p>
        ) : failure ? (
          <p role="alert" className="text-sm text-error">
            {failure.message}
          </p>
        ) : null}
        <button type="submit" className="btn btn-sm btn-outline w-fit">
          Add note
        </button>
      </Form>
    </section>
  );
}
