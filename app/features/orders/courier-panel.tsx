import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import { courierName } from "~/app/i18n/courier-name";
import type { MessageKey } from "~/app/i18n/keys";
import { useI18n } from "~/app/i18n/use-i18n";
import type { CourierName } from "~/core/courier";
import type { Role } from "~/core/order-status";
import type { OrderView } from "~/core/order-view";
import {
  type AreaQuestion,
  type CourierActionResult,
  isCourierActionResult,
  needsAreas,
} from "./courier-actions";
import { dateTime, orderNo, parcelStatusText, saidText } from "./order-text";
import { placeName } from "./place-name";

/** The action's answer to a booking or bulk form on this page, if that was the last post. */
export function useCourierResult(): CourierActionResult | undefined {
  const result = useActionData();
  return isCourierActionResult(result) ? result : undefined;
}

/** A submit button that posts `courier` with its form, named for the courier and the order. */
function CourierButton({
  courier,
  orderNumber,
  text,
  aria,
  className,
  disabled = false,
}: {
  courier: CourierName;
  orderNumber: number;
  text: "dash.orders.courier.bookWith" | "dash.orders.courier.bookInstead";
  aria: "dash.orders.courier.bookAria" | "dash.orders.courier.bookInsteadAria";
  className: string;
  disabled?: boolean;
}) {
  const tr = useI18n();
  const name = courierName(tr.t, courier);
  return (
    <button
      type="submit"
      name="courier"
      value={courier}
      className={className}
      disabled={disabled}
      aria-label={tr.t(aria, { number: orderNo(tr, orderNumber), courier: name })}
    >
      {tr.t(text, { courier: name })}
    </button>
  );
}

/** "Book with Steadfast" … for each offered courier: one form per order, works without scripts. */
export function BookButtons({
  orderId,
  orderNumber,
  offered,
  size = "sm",
}: {
  orderId: string;
  orderNumber: number;
  offered: readonly CourierName[];
  size?: "sm" | "xs";
}) {
  const busy = useNavigation().state === "submitting";
  if (offered.length === 0) return null;
  return (
    <Form method="post" className="flex flex-wrap gap-1.5">
      <input type="hidden" name="intent" value="courier-book" />
      <input type="hidden" name="id" value={orderId} />
      {offered.map((courier) => (
        <CourierButton
          key={courier}
          courier={courier}
          orderNumber={orderNumber}
          text="dash.orders.courier.bookWith"
          aria="dash.orders.courier.bookAria"
          className={`btn btn-outline btn-${size}`}
          disabled={busy}
        />
      ))}
    </Form>
  );
}

/**
 * Retry a failed or unknown booking; an unknown one first asks the admin to check the courier.
 * A failed one may also go to another offered courier, or (Pathao, RedX) have its thana's area
 * chosen again: a courier that keeps refusing the parcel is not a dead end.
 */
export function RetryBookingForm({
  order,
  offered,
}: {
  order: OrderView;
  offered: readonly CourierName[];
}) {
  const tr = useI18n();
  const c = order.courier;
  if (!c || (c.booking !== "failed" && c.booking !== "unknown")) return null;
  const label = courierName(tr.t, c.name);
  const number = orderNo(tr, order.orderNumber);
  const others = c.booking === "failed" ? offered.filter((name) => name !== c.name) : [];
  const areaAgain = c.booking === "failed" && needsAreas(c.name);
  return (
    <div className="flex flex-col items-start gap-2">
      <Form method="post" className="flex flex-col items-start gap-2">
        <input type="hidden" name="intent" value="courier-retry" />
        <input type="hidden" name="id" value={order._id} />
        {c.booking === "unknown" ? (
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="confirmNotBooked"
              value="yes"
              required
              className="checkbox checkbox-sm"
            />
            <span>{tr.t("dash.orders.courier.checked", { courier: label, number })}</span>
          </label>
        ) : null}
        <div className="flex flex-wrap gap-1.5">
          <button
            type="submit"
            className="btn btn-sm btn-primary"
            aria-label={tr.t("dash.orders.courier.retryAria", { number })}
          >
            {tr.t("dash.orders.courier.retry")}
          </button>
          {others.map((other) => (
            <CourierButton
              key={other}
              courier={other}
              orderNumber={order.orderNumber}
              text="dash.orders.courier.bookInstead"
              aria="dash.orders.courier.bookInsteadAria"
              className="btn btn-sm btn-outline"
            />
          ))}
        </div>
      </Form>
      {areaAgain ? (
        <Form method="post">
          <input type="hidden" name="intent" value="courier-rearea" />
          <input type="hidden" name="id" value={order._id} />
          <input type="hidden" name="courier" value={c.name} />
          <input type="hidden" name="district" value={order.customerData.district} />
          <input type="hidden" name="thana" value={order.customerData.thana} />
          <button type="submit" className="btn btn-sm btn-ghost underline">
            {tr.t("dash.orders.courier.areaAgain", { courier: label })}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/** The thana's courier area to pick, then the booking goes on (needs=courier_area). */
export function AreaPicker({ area }: { area: AreaQuestion }) {
  const tr = useI18n();
  const { t } = tr;
  const label = courierName(t, area.courier);
  // Pathao's recipient_area is optional: its last step may book with the city and zone only.
  const optionalArea = area.courier === "pathao" && area.step === "area";
  const thana = placeName(tr.lang, area.thana, area.english?.thana);
  const district = placeName(tr.lang, area.district, area.english?.district);
  const noneListed = area.options.length === 0 && !area.problem && !optionalArea;
  return (
    <Form
      method="post"
      className="flex flex-col gap-2 rounded-box border border-warning p-4"
      aria-label={t("dash.orders.area.aria", { courier: label, thana })}
    >
      <input type="hidden" name="intent" value="courier-area" />
      <input type="hidden" name="id" value={area.orderId} />
      <input type="hidden" name="courier" value={area.courier} />
      <input type="hidden" name="district" value={area.district} />
      <input type="hidden" name="thana" value={area.thana} />
      {area.cityId ? <input type="hidden" name="cityId" value={area.cityId} /> : null}
      {area.zoneId ? <input type="hidden" name="zoneId" value={area.zoneId} /> : null}
      {area.zoneName ? <input type="hidden" name="zoneName" value={area.zoneName} /> : null}
      {area.again ? <input type="hidden" name="again" value="yes" /> : null}
      <label className="flex flex-col gap-1">
        <span className="font-medium">
          {t(`dash.orders.area.${area.step}` as MessageKey, { courier: label, thana, district })}
        </span>
        <select
          name="choice"
          required={!optionalArea}
          className="select select-bordered select-sm max-w-md"
        >
          <option value="">
            {optionalArea
              ? t("dash.orders.area.noArea", {
                  zone: area.zoneName ?? t("dash.orders.area.zoneWord"),
                })
              : t("dash.orders.area.choose")}
          </option>
          {area.options.map((o) => (
            <option key={o.id} value={`${o.id}|${o.name}`}>
              {o.name}
            </option>
          ))}
        </select>
      </label>
      {area.problem ? <p className="text-sm text-error">{saidText(tr, area.problem)}</p> : null}
      {noneListed ? (
        <p className="text-sm text-error" data-testid="no-choices">
          {t("dash.orders.area.noneListed", { courier: label, district })}{" "}
          <Link className="link" to={`/dashboard/courierAreas?courier=${area.courier}`}>
            {t("dash.orders.area.setByHand")}
          </Link>
        </p>
      ) : null}
      <button type="submit" className="btn btn-sm btn-primary self-start">
        {area.step === "area" || area.courier !== "pathao"
          ? t("dash.orders.area.save")
          : t("dash.orders.area.next")}
      </button>
    </Form>
  );
}

/** The last booking or bulk form's answer: what was done, or why not (and what is needed). */
export function CourierOutcome({ result }: { result: CourierActionResult | undefined }) {
  const tr = useI18n();
  if (!result) return null;
  if (result.ok === "sure") return <BulkSure ids={result.ids} courier={result.courier} />;
  if (result.ok) {
    return (
      <div role="status" className="alert alert-success flex flex-col items-start">
        <p>{saidText(tr, result.message)}</p>
        {result.outcomes?.some((o) => !o.ok) ? (
          <ul className="list-disc pl-5 text-sm">
            {result.outcomes
              .filter((o) => !o.ok)
              .map((o) => (
                <li key={o.id}>
                  {tr.t("dash.orders.outcome.order", {
                    number: o.orderNumber === null ? o.id : orderNo(tr, o.orderNumber),
                    message: saidText(tr, o.message),
                  })}
                </li>
              ))}
          </ul>
        ) : null}
      </div>
    );
  }
  const area = result.area;
  return (
    <div className="flex flex-col gap-3">
      <p role="alert" className="alert alert-error">
        {area
          ? // The step asked, with the place as this page's language names it.
            tr.t("dash.orders.said.nowChoose", {
              courier: courierName(tr.t, area.courier),
              step: tr.t(`dash.orders.said.step.${area.step}`),
              thana: placeName(tr.lang, area.thana, area.english?.thana),
            })
          : saidText(tr, result.message)}
      </p>
      {area ? <AreaPicker area={area} /> : null}
    </div>
  );
}

/**
 * "Are you sure?" before a bulk Confirm or Book with …: the selected orders posted again with
 * `confirmed=yes`, or Cancel back to the list. A plain form, as the rest of the list's.
 */
function BulkSure({ ids, courier }: { ids: string[]; courier: CourierName | null }) {
  const tr = useI18n();
  const { t, count } = tr;
  const location = useLocation();
  const sentence = courier
    ? t("dash.orders.bulk.sureBook", { count: count(ids.length), courier: courierName(t, courier) })
    : t("dash.orders.bulk.sureConfirm", { count: count(ids.length) });
  return (
    <section
      aria-labelledby="bulk-sure-title"
      className="rounded-box border border-warning bg-base-200 p-4"
    >
      <h2 id="bulk-sure-title" className="text-lg font-semibold">
        {t("dash.orders.confirm.title")}
      </h2>
      <p className="mt-1">{sentence}</p>
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        {courier ? (
          <input type="hidden" name="bulkCourier" value={courier} />
        ) : (
          <input type="hidden" name="intent" value="bulk-confirm" />
        )}
        {ids.map((id) => (
          <input key={id} type="hidden" name="id" value={id} />
        ))}
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className="btn btn-sm btn-primary">
          {courier ? t("dash.orders.bulk.yesBook") : t("dash.orders.bulk.yesConfirm")}
        </button>
        <Link to={`${location.pathname}${location.search}`} className="btn btn-sm btn-ghost">
          {t("dash.orders.confirm.cancel")}
        </Link>
      </Form>
    </section>
  );
}

/** The courier's side of an order on its overview: booking, parcel, tracking (admins: all of it). */
export function CourierPanel({
  order,
  viewerRole,
  offered,
}: {
  order: OrderView;
  viewerRole: Role;
  offered: readonly CourierName[];
}) {
  const result = useCourierResult();
  const tr = useI18n();
  const { t } = tr;
  const c = order.courier;
  if (viewerRole !== "admin") {
    if (!c) return null;
    return (
      <section aria-labelledby="order-courier" className="rounded-box border border-base-300 p-4">
        <h2 id="order-courier" className="mb-2 text-lg font-semibold">
          {t("dash.orders.courier.delivery")}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-base-content/70">{t("dash.orders.courier.courier")}</dt>
          <dd className="font-medium">{courierName(t, c.name)}</dd>
          <dt className="text-base-content/70">{t("dash.orders.courier.tracking")}</dt>
          <dd className="font-medium font-mono" data-testid="tracking-code">
            {c.trackingCode ?? c.consignmentId ?? "—"}
          </dd>
        </dl>
      </section>
    );
  }
  const rows: [string, string][] = c
    ? [
        [t("dash.orders.courier.courier"), courierName(t, c.name)],
        [
          t("dash.orders.courier.booking"),
          c.booking ? t(`dash.orders.booking.${c.booking}` as MessageKey) : "—",
        ],
        [t("dash.orders.courier.consignment"), c.consignmentId ?? "—"],
        [t("dash.orders.courier.tracking"), c.trackingCode ?? "—"],
        [t("dash.orders.courier.parcel"), c.status ? parcelStatusText(tr, c.status) : "—"],
        [t("dash.orders.courier.charge"), c.charge == null ? "—" : tr.taka(c.charge)],
        ...(c.message
          ? ([[t("dash.orders.courier.message"), c.message]] as [string, string][])
          : []),
        ...(c.lastError
          ? ([[t("dash.orders.courier.error"), saidText(tr, c.lastError)]] as [string, string][])
          : []),
        ...(c.bookedAt
          ? ([[t("dash.orders.courier.bookedAt"), dateTime(tr, c.bookedAt)]] as [string, string][])
          : []),
        [t("dash.orders.courier.attempts"), tr.count(c.attempts ?? 0)],
      ]
    : [];
  return (
    <section
      aria-labelledby="order-courier"
      className="flex flex-col gap-3 rounded-box border border-base-300 p-4 print:hidden"
    >
      <h2 id="order-courier" className="text-lg font-semibold">
        {t("dash.orders.courier.title")}
      </h2>
      <CourierOutcome result={result} />
      {c ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm" data-testid="courier">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-base-content/70">{term}</dt>
              <dd className="min-w-0 font-medium [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
      ) : order.orderStatus === "Confirmed" ? (
        offered.length > 0 ? (
          <BookButtons orderId={order._id} orderNumber={order.orderNumber} offered={offered} />
        ) : (
          <p className="text-sm text-base-content/70">{t("dash.orders.courier.none")}</p>
        )
      ) : (
        <p className="text-sm text-base-content/70">{t("dash.orders.courier.notWith")}</p>
      )}
      {c ? <RetryBookingForm order={order} offered={offered} /> : null}
    </section>
  );
}
