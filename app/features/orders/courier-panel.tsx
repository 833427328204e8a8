import { Form, useActionData, useNavigation } from "react-router";
import { COURIER_LABELS, type CourierName } from "~/core/courier";
import { formatTaka } from "~/core/money";
import type { Role } from "~/core/order-status";
import type { OrderView } from "~/core/order-view";
import {
  type AreaQuestion,
  type CourierActionResult,
  isCourierActionResult,
} from "./courier-actions";
import { orderDateTime } from "./order-format";

const BOOKING_TEXT = {
  queued: "Queued",
  booking: "Sending to the courier",
  booked: "Booked",
  failed: "Failed",
  unknown: "Unknown: check the courier's panel",
} as const;

/** Shown where a booking would be offered but no courier is configured. */
export const NO_COURIER_NOTE =
  "No courier is configured. Couriers are configured by environment variables (STEADFAST_*, PATHAO_*, REDX_*; see the README).";

/** The action's answer to a booking or bulk form on this page, if that was the last post. */
export function useCourierResult(): CourierActionResult | undefined {
  const result = useActionData();
  return isCourierActionResult(result) ? result : undefined;
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
        <button
          key={courier}
          type="submit"
          name="courier"
          value={courier}
          className={`btn btn-outline btn-${size}`}
          disabled={busy}
          aria-label={`Book order ${orderNumber} with ${COURIER_LABELS[courier]}`}
        >
          Book with {COURIER_LABELS[courier]}
        </button>
      ))}
    </Form>
  );
}

/** Retry a failed or unknown booking; an unknown one first asks the admin to check the courier. */
export function RetryBookingForm({ order }: { order: OrderView }) {
  const c = order.courier;
  if (!c || (c.booking !== "failed" && c.booking !== "unknown")) return null;
  const label = COURIER_LABELS[c.name];
  return (
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
          <span>
            I checked the {label} panel: order #{order.orderNumber} is not booked there
          </span>
        </label>
      ) : null}
      <button
        type="submit"
        className="btn btn-sm btn-primary"
        aria-label={`Retry booking order ${order.orderNumber}`}
      >
        Retry
      </button>
    </Form>
  );
}

/** The thana's courier area to pick, then the booking goes on (needs=courier_area). */
export function AreaPicker({ area }: { area: AreaQuestion }) {
  const label = COURIER_LABELS[area.courier];
  const what = area.step === "city" ? "city" : area.step === "zone" ? "zone" : "area";
  // Pathao's recipient_area is optional: its last step may book with the city and zone only.
  const optionalArea = area.courier === "pathao" && area.step === "area";
  return (
    <Form
      method="post"
      className="flex flex-col gap-2 rounded-box border border-warning p-4"
      aria-label={`${label} area for ${area.thana}`}
    >
      <input type="hidden" name="intent" value="courier-area" />
      <input type="hidden" name="id" value={area.orderId} />
      <input type="hidden" name="courier" value={area.courier} />
      <input type="hidden" name="district" value={area.district} />
      <input type="hidden" name="thana" value={area.thana} />
      {area.cityId ? <input type="hidden" name="cityId" value={area.cityId} /> : null}
      {area.zoneId ? <input type="hidden" name="zoneId" value={area.zoneId} /> : null}
      {area.zoneName ? <input type="hidden" name="zoneName" value={area.zoneName} /> : null}
      <label className="flex flex-col gap-1">
        <span className="font-medium">
          {label} {what} for {area.thana}, {area.district}
        </span>
        <select
          name="choice"
          required={!optionalArea}
          className="select select-bordered select-sm max-w-md"
        >
          <option value="">
            {optionalArea ? `No area (${area.zoneName ?? "zone"} only)` : "Choose…"}
          </option>
          {area.options.map((o) => (
            <option key={o.id} value={`${o.id}|${o.name}`}>
              {o.name}
            </option>
          ))}
        </select>
      </label>
      {area.problem ? <p className="text-sm text-error">{area.problem}</p> : null}
      <button type="submit" className="btn btn-sm btn-primary self-start">
        {area.step === "area" || area.courier !== "pathao" ? "Save area and book" : "Next"}
      </button>
    </Form>
  );
}

/** The last booking or bulk form's answer: what was done, or why not (and what is needed). */
export function CourierOutcome({ result }: { result: CourierActionResult | undefined }) {
  if (!result) return null;
  if (result.ok) {
    return (
      <div role="status" className="alert alert-success flex flex-col items-start">
        <p>{result.message}</p>
        {result.outcomes?.some((o) => !o.ok) ? (
          <ul className="list-disc pl-5 text-sm">
            {result.outcomes
              .filter((o) => !o.ok)
              .map((o) => (
                <li key={o.id}>
                  Order #{o.orderNumber ?? o.id}: {o.message}
                </li>
              ))}
          </ul>
        ) : null}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p role="alert" className="alert alert-error">
        {result.message}
      </p>
      {result.area ? <AreaPicker area={result.area} /> : null}
    </div>
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
  const c = order.courier;
  if (viewerRole !== "admin") {
    if (!c) return null;
    return (
      <section aria-labelledby="order-courier" className="rounded-box border border-base-300 p-4">
        <h2 id="order-courier" className="mb-2 text-lg font-semibold">
          Delivery
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-base-content/70">Courier</dt>
          <dd className="font-medium">{COURIER_LABELS[c.name]}</dd>
          <dt className="text-base-content/70">Tracking code</dt>
          <dd className="font-medium font-mono" data-testid="tracking-code">
            {c.trackingCode ?? c.consignmentId ?? "—"}
          </dd>
        </dl>
      </section>
    );
  }
  const rows: [string, string][] = c
    ? [
        ["Courier", COURIER_LABELS[c.name]],
        ["Booking", c.booking ? BOOKING_TEXT[c.booking] : "—"],
        ["Consignment ID", c.consignmentId ?? "—"],
        ["Tracking code", c.trackingCode ?? "—"],
        ["Parcel status", c.status ?? "—"],
        ["Charge", c.charge == null ? "—" : formatTaka(c.charge)],
        ...(c.message ? ([["Courier's message", c.message]] as [string, string][]) : []),
        ...(c.lastError ? ([["Courier's error", c.lastError]] as [string, string][]) : []),
        ...(c.bookedAt ? ([["Booked at", orderDateTime(c.bookedAt)]] as [string, string][]) : []),
        ["Attempts", String(c.attempts ?? 0)],
      ]
    : [];
  return (
    <section
      aria-labelledby="order-courier"
      className="flex flex-col gap-3 rounded-box border border-base-300 p-4 print:hidden"
    >
      <h2 id="order-courier" className="text-lg font-semibold">
        Courier
      </h2>
      <CourierOutcome result={result} />
      {c ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm" data-testid="courier">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-base-content/70">{term}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
      ) : order.orderStatus === "Confirmed" ? (
        offered.length > 0 ? (
          <BookButtons orderId={order._id} orderNumber={order.orderNumber} offered={offered} />
        ) : (
          <p className="text-sm text-base-content/70">{NO_COURIER_NOTE}</p>
        )
      ) : (
        <p className="text-sm text-base-content/70">
          Not with a courier. A Confirmed order can be booked.
        </p>
      )}
      {c ? <RetryBookingForm order={order} /> : null}
    </section>
  );
}
