import { useEffect, useRef } from "react";
import { Form, Link, useActionData, useLocation } from "react-router";
import { useI18n } from "~/app/i18n/use-i18n";
import { type ActionFailure, isActionFailure, issuesByField } from "~/app/lib/field-issues";
import {
  CANCEL_REASON_MAX,
  CANCEL_REASONS,
  ORDER_NOTE_MAX,
  type QueueFilter,
} from "~/core/order-calls";
import { type OrderCodeView, trackOrderLink } from "~/core/order-tracking";
import type { OrderDetailView, OrderView } from "~/core/order-view";
import { type CallFormResult, isCallFormAnswer } from "./order-calls-form";
import {
  callOutcomeLabel,
  dateTime,
  orderNo,
  ordersCount,
  reasonLabel,
  saidText,
  statusName,
} from "./order-text";
import { orderListSearch } from "./paths";

/**
 * The confirmation queue and the cash-on-delivery risk on screen (issue 23 items 1–2, decision
 * 057): every form posts to the page's own action and works without scripts.
 */

type Tr = ReturnType<typeof useI18n>;

function failureFor(result: unknown, form: "call" | "note", id: string): ActionFailure | null {
  if (!isActionFailure(result)) return null;
  const details = result.details ?? {};
  return details.form === form && details.id === id ? result : null;
}

/** A refusal's field issues, in the page's language. */
function issuesIn(tr: Tr, failure: ActionFailure | null): Record<string, string> {
  if (!failure) return {};
  return Object.fromEntries(
    Object.entries(issuesByField(failure.issues)).map(([field, text]) => [
      field,
      saidText(tr, text),
    ]),
  );
}

/** The customer's number, to call with one tap on a phone. */
export function PhoneLink({ phone }: { phone: string }) {
  const { digits } = useI18n();
  return (
    <a href={`tel:${phone}`} className="link whitespace-nowrap font-medium">
      {digits(phone)}
    </a>
  );
}

function ratioText(tr: Tr, ratio: number | null): string {
  return ratio === null
    ? tr.t("dash.orders.ratio.none")
    : tr.t("dash.orders.ratio.delivered", { percent: tr.count(Math.round(ratio * 100)) });
}

/** This number's history at the shop, the Risky badge and why an order is held (admins). */
export function RiskSummary({ order }: { order: OrderView }) {
  const tr = useI18n();
  const { t } = tr;
  const risk = order.risk;
  if (!risk) return null;
  return (
    <div className="mt-1 flex flex-col gap-0.5 text-xs [overflow-wrap:anywhere]" data-testid="risk">
      {risk.risky ? (
        <span className="badge badge-error badge-sm w-fit whitespace-nowrap">
          {t("dash.orders.risky")}
        </span>
      ) : null}
      <span className="text-base-content/70">
        {t("dash.orders.risk.line", {
          orders: ordersCount(tr, risk.orders),
          delivered: tr.count(risk.delivered),
          cancelled: tr.count(risk.cancelled),
          returned: tr.count(risk.returned),
          ratio: ratioText(tr, risk.deliveredRatio),
        })}
      </span>
      {order.heldReason ? (
        <span className="font-semibold text-error">
          {t("dash.orders.held", { reason: saidText(tr, order.heldReason) })}
        </span>
      ) : null}
      {order.awaitingCode ? (
        <span className="font-semibold">{t("dash.orders.awaitingCode")}</span>
      ) : null}
      {order.awaitingCode && order.code ? <CodeState code={order.code} /> : null}
    </div>
  );
}

/**
 * The customer's own order that waits for its code: the code goes in at Track Order, opened
 * with the order's number and phone filled in.
 */
export function EnterYourCode({ order }: { order: OrderView }) {
  const { t } = useI18n();
  if (!order.awaitingCode) return null;
  return (
    <p className="mt-1 text-sm font-semibold" data-testid="enter-code">
      {t("dash.orders.yourCode")}{" "}
      <Link
        className="link link-primary"
        to={trackOrderLink(order.orderNumber, order.customerData.mobileNumber)}
      >
        {t("dash.orders.yourCodeLink")}
      </Link>
    </p>
  );
}

/** Where the customer's code stands: still valid (tries left), expired, or locked (call them). */
function CodeState({ code }: { code: OrderCodeView }) {
  const tr = useI18n();
  const text =
    code.state === "awaiting"
      ? tr.t("dash.orders.code.awaiting", { tries: tr.count(code.triesLeft) })
      : code.state === "expired"
        ? tr.t("dash.orders.code.expired", { resends: tr.count(code.resendsLeft) })
        : tr.t("dash.orders.code.locked");
  return (
    <span
      className={code.state === "locked" ? "font-semibold text-error" : "text-base-content/70"}
      data-code-state={code.state}
    >
      {text}
    </span>
  );
}

/** Calls so far: "Not called yet" or "2 calls, last 25 Nov, 10:05 pm: No answer". */
export function CallState({ order }: { order: OrderView }) {
  const tr = useI18n();
  const { t } = tr;
  const state = order.confirmation;
  if (!state) return null;
  if (state.attempts === 0) {
    return <p className="text-xs text-base-content/70">{t("dash.orders.call.notCalled")}</p>;
  }
  return (
    <p className="text-xs text-base-content/70" data-testid="call-state">
      {t(state.attempts === 1 ? "dash.orders.call.count.one" : "dash.orders.call.count.other", {
        count: tr.count(state.attempts),
      })}
      {state.lastCallAt ? (
        <>
          {t("dash.orders.call.last")}
          <time dateTime={state.lastCallAt}>{dateTime(tr, state.lastCallAt)}</time>
        </>
      ) : null}
      {state.lastOutcome ? `: ${callOutcomeLabel(tr, state.lastOutcome)}` : null}
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
  const tr = useI18n();
  const { t } = tr;
  const failure = failureFor(result, "call", order._id);
  const issues = issuesIn(tr, failure);
  const number = orderNo(tr, order.orderNumber);
  return (
    <div className="flex flex-col gap-1.5" data-testid="call-outcomes">
      <div className="flex flex-wrap gap-1.5">
        {(["confirmed", "no_answer", "wrong_number"] as const).map((outcome) => (
          <Form method="post" key={outcome}>
            <CallInputs order={order} outcome={outcome} />
            <button
              type="submit"
              className={`btn btn-xs ${outcome === "confirmed" ? "btn-success" : "btn-outline"}`}
              aria-label={t("dash.orders.call.outcomeAria", {
                outcome: callOutcomeLabel(tr, outcome),
                number,
              })}
            >
              {callOutcomeLabel(tr, outcome)}
            </button>
          </Form>
        ))}
      </div>
      <details open={Boolean(issues.reason)}>
        <summary className="btn btn-xs btn-outline btn-error">
          {t("dash.orders.call.cancelMenu")}
        </summary>
        <Form method="post" className="mt-1 flex flex-col gap-1">
          <CallInputs order={order} outcome="cancelled" />
          <label className="text-xs">
            {t("dash.orders.call.reason")}
            <select
              name="reason"
              className="select select-xs mt-0.5 block w-full"
              defaultValue={CANCEL_REASONS[0]}
            >
              {CANCEL_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {reasonLabel(tr, reason)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-xs">
            {t("dash.orders.call.reasonOwn")}
            <input
              name="reasonText"
              maxLength={CANCEL_REASON_MAX}
              className="input input-xs mt-0.5 block w-full"
            />
          </label>
          {issues.reason ? <p className="text-xs text-error">{issues.reason}</p> : null}
          <button
            type="submit"
            className="btn btn-xs btn-error"
            aria-label={t("dash.orders.call.cancelAria", { number })}
          >
            {t("dash.orders.call.cancelOrder")}
          </button>
        </Form>
      </details>
      {failure && !issues.reason ? (
        <p role="alert" className="text-xs text-error">
          {saidText(tr, failure.message)}
        </p>
      ) : null}
    </div>
  );
}

/** After a call form's post: "Are you sure?" for Cancel, then what was recorded. */
export function CallNotice() {
  const result = useActionData() as CallFormResult | ActionFailure | undefined;
  const tr = useI18n();
  const { t } = tr;
  if (!result || !isCallFormAnswer(result)) return null;
  if (isActionFailure(result)) {
    // A call refused because the order left Pending meanwhile (another admin): its row and its
    // call buttons are gone from the page, so the refusal is said here, or nobody would see it.
    const details = result.details ?? {};
    const left = details.currentStatus !== undefined && details.currentStatus !== "Pending";
    if (details.form !== "call" || !left) return null;
    return (
      <p role="alert" className="alert alert-error">
        {t("dash.orders.call.refused", {
          number: orderNo(tr, Number(details.orderNumber) || 0),
          message: saidText(tr, result.message),
        })}
      </p>
    );
  }
  if (result.form === "call" && result.ok === "confirm") return <SureToCancel asked={result} />;
  if (result.form === "call" && result.ok === true) {
    return (
      <p role="status" className="alert alert-success">
        {result.orderStatus !== "Pending"
          ? t("dash.orders.call.recordedNow", {
              number: orderNo(tr, result.orderNumber),
              outcome: callOutcomeLabel(tr, result.outcome),
              status: statusName(tr, result.orderStatus),
            })
          : t("dash.orders.call.recorded", {
              number: orderNo(tr, result.orderNumber),
              outcome: callOutcomeLabel(tr, result.outcome),
            })}
      </p>
    );
  }
  return null;
}

/**
 * "Are you sure?" after a call's Cancel. It stands above the list, and the Cancel pressed may be
 * far down it: the question is brought into view and takes the focus, so the admin sees it (and
 * a screen reader reads it) instead of a page that seems to have done nothing.
 */
function SureToCancel({ asked }: { asked: Extract<CallFormResult, { ok: "confirm" }> }) {
  const location = useLocation();
  const tr = useI18n();
  const { t } = tr;
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new question, once
  useEffect(() => {
    heading.current?.scrollIntoView({ block: "center" });
    heading.current?.focus({ preventScroll: true });
  }, [asked]);
  return (
    <section
      aria-labelledby="call-cancel-confirm"
      className="rounded-box border border-warning bg-base-200 p-4"
    >
      <h2 id="call-cancel-confirm" ref={heading} tabIndex={-1} className="text-lg font-semibold">
        {t("dash.orders.confirm.title")}
      </h2>
      <p className="mt-1">
        {t("dash.orders.call.sureText", {
          number: orderNo(tr, asked.orderNumber),
          reason: reasonLabel(tr, asked.reason),
        })}
      </p>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="call" />
        <input type="hidden" name="id" value={asked.id} />
        <input type="hidden" name="orderNumber" value={asked.orderNumber} />
        <input type="hidden" name="outcome" value="cancelled" />
        <input type="hidden" name="reasonText" value={asked.reason} />
        <input type="hidden" name="note" value={asked.note} />
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className="btn btn-sm btn-error">
          {t("dash.orders.call.yesCancel")}
        </button>
        <Link to={`${location.pathname}${location.search}`} className="btn btn-sm btn-ghost">
          {t("dash.orders.call.no")}
        </Link>
      </Form>
    </section>
  );
}

const FILTER_LABELS: [QueueFilter | null, Parameters<Tr["t"]>[0]][] = [
  [null, "dash.orders.queue.toCall"],
  ["not_called", "dash.orders.queue.notCalled"],
  ["no_answer", "dash.orders.call.no_answer"],
  ["risky", "dash.orders.risky"],
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
  const tr = useI18n();
  const { t } = tr;
  return (
    <nav aria-label={t("dash.orders.queue.filters")} className="flex flex-col gap-1">
      <ul className="flex flex-wrap gap-1.5">
        {FILTER_LABELS.map(([filter, label]) => (
          <li key={label}>
            <Link
              to={`${location.pathname}${orderListSearch({ q: search, calls: filter })}`}
              className={`btn btn-sm ${current === filter ? "btn-primary" : "btn-outline"}`}
              aria-current={current === filter ? "page" : undefined}
            >
              {t(label)}
            </Link>
          </li>
        ))}
      </ul>
      <p className="text-xs text-base-content/70">
        {t("dash.orders.queue.note", { minutes: tr.count(retryMinutes) })}
      </p>
    </nav>
  );
}

/** The overview's risk panel: our history of the number, Steadfast's when fetched. */
export function RiskPanel({ order }: { order: OrderView }) {
  const tr = useI18n();
  const { t } = tr;
  const risk = order.risk;
  if (!risk) return null;
  const courier = risk.courierHistory;
  return (
    <section aria-labelledby="order-risk" className="rounded-box border border-base-300 p-4">
      <h2 id="order-risk" className="mb-2 flex items-center gap-2 text-lg font-semibold">
        {t("dash.orders.risk.title")}
        {risk.risky ? <span className="badge badge-error">{t("dash.orders.risky")}</span> : null}
        {risk.blocked ? (
          <span className="badge badge-neutral">{t("dash.orders.risk.blocked")}</span>
        ) : null}
      </h2>
      {order.heldReason ? (
        <p className="mb-2 font-semibold text-error">
          {t("dash.orders.held", { reason: saidText(tr, order.heldReason) })}
        </p>
      ) : null}
      {order.awaitingCode ? (
        <p className="mb-2 font-semibold" data-testid="awaiting-code">
          {t("dash.orders.awaitingCodeLong")}
          {order.code ? (
            <>
              <br />
              <CodeState code={order.code} />
            </>
          ) : null}
        </p>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="risk-panel">
        <dt>{t("dash.orders.risk.orders")}</dt>
        <dd>{tr.count(risk.orders)}</dd>
        <dt>{t("dash.orders.risk.delivered")}</dt>
        <dd>{tr.count(risk.delivered)}</dd>
        <dt>{t("dash.orders.risk.cancelled")}</dt>
        <dd>{tr.count(risk.cancelled)}</dd>
        <dt>{t("dash.orders.risk.returned")}</dt>
        <dd>{tr.count(risk.returned)}</dd>
        <dt>{t("dash.orders.risk.ratio")}</dt>
        <dd>{ratioText(tr, risk.deliveredRatio)}</dd>
      </dl>
      {courier ? (
        <p className="mt-2 text-sm" data-testid="courier-history">
          {t("dash.orders.risk.steadfast", {
            parcels: tr.count(courier.totalParcels),
            delivered: tr.count(courier.delivered),
            cancelled: tr.count(courier.cancelled),
          })}{" "}
          ({t("dash.orders.risk.checked")}{" "}
          <time dateTime={courier.checkedAt}>{dateTime(tr, courier.checkedAt)}</time>)
        </p>
      ) : null}
    </section>
  );
}

/** The overview's calls: each outcome with who and when, and the outcome buttons while Pending. */
export function CallsSection({ order }: { order: OrderDetailView }) {
  const tr = useI18n();
  const { t } = tr;
  if (!order.calls) return null;
  return (
    <section aria-labelledby="order-calls" className="rounded-box border border-base-300 p-4">
      <h2 id="order-calls" className="mb-2 text-lg font-semibold">
        {t("dash.orders.calls.title")}
      </h2>
      <p className="mb-2 text-sm">
        {t("dash.orders.calls.call")} <PhoneLink phone={order.customerData.mobileNumber} />
      </p>
      {order.calls.length === 0 ? (
        <p className="text-sm text-base-content/70">{t("dash.orders.calls.none")}</p>
      ) : (
        <ol className="mb-3 flex flex-col gap-1.5" data-testid="calls">
          {order.calls.map((call) => (
            <li key={call.id} className="border-l-4 border-info pl-3 text-sm">
              <span className="font-medium">{callOutcomeLabel(tr, call.outcome)}</span>
              {call.reason ? `: ${reasonLabel(tr, call.reason)}` : null}
              {call.note ? <span className="block">{call.note}</span> : null}
              <span className="block text-base-content/70">
                <time dateTime={call.at}>{dateTime(tr, call.at)}</time>
                {t("dash.orders.by", { name: call.byName ?? t("dash.orders.formerAdmin") })}
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
  const tr = useI18n();
  const { t } = tr;
  if (!order.notes) return null;
  const failure = failureFor(result, "note", order._id);
  const issues = issuesIn(tr, failure);
  const added = isCallFormAnswer(result) && (result as { form?: string }).form === "note";
  return (
    <section aria-labelledby="order-notes" className="rounded-box border border-base-300 p-4">
      <h2 id="order-notes" className="mb-2 text-lg font-semibold">
        {t("dash.orders.notes.title")}
      </h2>
      <p className="mb-2 text-xs text-base-content/70">{t("dash.orders.notes.staffOnly")}</p>
      {order.notes.length === 0 ? (
        <p className="text-sm text-base-content/70">{t("dash.orders.notes.none")}</p>
      ) : (
        <ol className="mb-3 flex flex-col gap-1.5" data-testid="notes">
          {order.notes.map((note) => (
            <li key={note.id} className="border-l-4 border-base-300 pl-3 text-sm">
              <span className="block whitespace-pre-line break-words">{note.text}</span>
              <span className="block text-base-content/70">
                <time dateTime={note.at}>{dateTime(tr, note.at)}</time>
                {t("dash.orders.by", { name: note.byName ?? t("dash.orders.formerAdmin") })}
              </span>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" className="flex flex-col gap-1" key={added ? order.notes.length : "new"}>
        <input type="hidden" name="intent" value="note" />
        <input type="hidden" name="id" value={order._id} />
        <label htmlFor="note-text" className="text-sm font-medium">
          {t("dash.orders.notes.add")}
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
            {saidText(tr, failure.message)}
          </p>
        ) : null}
        <button type="submit" className="btn btn-sm btn-outline w-fit">
          {t("dash.orders.notes.add")}
        </button>
      </Form>
    </section>
  );
}
