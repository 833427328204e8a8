import { and, asc, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Actor } from "~/core/actor";
import { COURIER_LABELS, type CourierName } from "~/core/courier";
import { courierNextStatus, type OrderStatus } from "~/core/order-status";
import type { AppContext } from "../app-context";
import { type Courier, CourierError, type ParcelRequest } from "../couriers/courier";
import type { Db } from "../db/client";
import { orderCouriers, orderLines, orders } from "../db/schema";
import { AppError } from "../errors";
import { QUEUES } from "../jobs/job-queue";
import { logger } from "../logger";
import { areaFor } from "./courier-areas";
import { recordSystemStatusChange } from "./order-changes";
import { raiseStaffAlert } from "./staff-alerts";

/** What booking needs of the app context. */
export type CourierDeps = Pick<AppContext, "db" | "jobs" | "couriers" | "config">;

export type BookingJob = { orderId: string };

export type BookingRequested = { orderId: string; courier: CourierName; state: "queued" };

function requireAdmin(actor: Actor) {
  if (actor.role !== "admin") throw new AppError("forbidden", "Only admins may book couriers");
}

function configuredCourier(deps: CourierDeps, name: CourierName): Courier {
  const courier = deps.couriers.get(name);
  if (!courier) {
    throw new AppError("invalid", `${COURIER_LABELS[name]} is not configured on this shop`, [
      { path: "courier", message: `${COURIER_LABELS[name]} is not configured` },
    ]);
  }
  return courier;
}

/**
 * A thana without this courier's area stops the booking before anything is queued: the admin
 * is asked for it (409 with `needs: "courier_area"`), it never becomes a failed booking.
 */
async function requireArea(deps: CourierDeps, courier: Courier, district: string, thana: string) {
  if (!courier.needsArea) return;
  if (await areaFor(deps, courier.name, district, thana)) return;
  throw new AppError(
    "conflict",
    `Choose the ${COURIER_LABELS[courier.name]} area for ${thana}, ${district} before booking`,
    undefined,
    { needs: "courier_area", courier: courier.name, district, thana },
  );
}

/**
 * The order's thana must have this courier's area (404 for no such order). Called before the
 * booking's transaction: the area may be looked up at the courier, and PGlite has one connection.
 */
async function requireAreaOfOrder(deps: CourierDeps, courier: Courier, orderId: string) {
  const [found] = await deps.db
    .select({ district: orders.district, thana: orders.thana })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!found) throw AppError.notFound("Order");
  await requireArea(deps, courier, found.district, found.thana);
}

/**
 * POST /api/orders/{id}/courier: queues the booking of a Confirmed order with a configured
 * courier (admins). The job is stored in the same transaction as the booking row, so a queued
 * booking is never lost and never queued twice. Not Confirmed, or already booked or being
 * booked → 409; a thana without its courier area → 409 asking for it.
 */
export async function requestCourierBooking(
  deps: CourierDeps,
  actor: Actor,
  orderId: string,
  name: CourierName,
): Promise<BookingRequested> {
  requireAdmin(actor);
  const courier = configuredCourier(deps, name);
  await requireAreaOfOrder(deps, courier, orderId);
  await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update")
      .limit(1);
    if (!order) throw AppError.notFound("Order");
    const [existing] = await tx
      .select({ courier: orderCouriers.courier, state: orderCouriers.state })
      .from(orderCouriers)
      .where(eq(orderCouriers.orderId, orderId))
      .limit(1);
    if (existing) {
      throw new AppError(
        "conflict",
        existing.state === "failed" || existing.state === "unknown"
          ? `This order's ${COURIER_LABELS[existing.courier]} booking did not go through: retry it`
          : `This order is already ${existing.state === "booked" ? "booked" : "being booked"} with ${COURIER_LABELS[existing.courier]}`,
        undefined,
        {
          booking: existing.state,
          courier: existing.courier,
          orderStatus: order.status,
          currentStatus: order.status,
        },
      );
    }
    if (order.status !== "Confirmed") throw notConfirmed(order.status);
    await tx.insert(orderCouriers).values({
      orderId,
      courier: name,
      state: "queued",
      requestedByUserId: actor.userId,
    });
    await deps.jobs.send("courier-booking", { orderId } satisfies BookingJob, { key: orderId, tx });
  });
  return { orderId, courier: name, state: "queued" };
}

/** A booking (first or again) is only for a Confirmed order. */
function notConfirmed(status: OrderStatus): AppError {
  return new AppError(
    "conflict",
    `Only a Confirmed order can be booked; this one is ${status}`,
    undefined,
    { orderStatus: status, currentStatus: status },
  );
}

type RetryOptions = { confirmNotBooked?: boolean; courier?: CourierName };

/**
 * The order and its booking when the booking may be retried now; else the refusal is thrown.
 * Checked before a switch's questions, and again under the transaction's locks.
 */
function retryable<
  O extends { status: OrderStatus; orderNumber: number },
  B extends { state: string; courier: CourierName },
>(
  found: { order: O | undefined; booking: B | undefined },
  options: RetryOptions,
): { order: O; booking: B } {
  const { order, booking } = found;
  if (!order) throw AppError.notFound("Order");
  if (!booking) throw new AppError("conflict", "This order has no courier booking to retry");
  if (booking.state !== "failed" && booking.state !== "unknown") {
    throw new AppError("conflict", `The booking is ${booking.state}, nothing to retry`, undefined, {
      booking: booking.state,
    });
  }
  if (booking.state === "unknown" && !options.confirmNotBooked) {
    throw new AppError(
      "conflict",
      `${COURIER_LABELS[booking.courier]} may already have order #${order.orderNumber}: check its panel, then retry with confirmNotBooked`,
      undefined,
      { booking: booking.state, needs: "confirm_not_booked" },
    );
  }
  if (order.status !== "Confirmed") throw notConfirmed(order.status);
  return { order, booking };
}

async function orderAndBooking(db: Db, orderId: string, lock: boolean) {
  const orderQuery = db
    .select({ status: orders.status, orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  const [order] = await (lock ? orderQuery.for("update") : orderQuery);
  const bookingQuery = db
    .select()
    .from(orderCouriers)
    .where(eq(orderCouriers.orderId, orderId))
    .limit(1);
  const [booking] = await (lock ? bookingQuery.for("update") : bookingQuery);
  return { order, booking };
}

/**
 * Before a failed booking goes to another courier: the first courier is asked by invoice when it
 * can be (Steadfast), since a booking whose answers all timed out fails although the parcel may
 * be there. Found: it is recorded as booked (409). Not answering: 409, unless the admin checked
 * its panel (`confirmNotBooked`). A courier that cannot be asked fails a booking only when it
 * did not take it (a timeout makes it `unknown`).
 */
async function requireNoParcelAt(
  deps: CourierDeps,
  orderId: string,
  first: { courier: CourierName; orderNumber: number },
  confirmNotBooked: boolean,
) {
  const courier = deps.couriers.get(first.courier);
  if (!courier?.findByInvoice) return;
  const label = COURIER_LABELS[first.courier];
  let parcel: Awaited<ReturnType<NonNullable<Courier["findByInvoice"]>>>;
  try {
    parcel = await courier.findByInvoice(String(first.orderNumber));
  } catch (err) {
    if (!(err instanceof CourierError)) throw err;
    if (confirmNotBooked) return;
    throw new AppError(
      "conflict",
      `${label} could not be asked whether it has order #${first.orderNumber}: try again, or check its panel and retry with confirmNotBooked`,
      undefined,
      { booking: "failed", needs: "confirm_not_booked" },
    );
  }
  if (!parcel) return;
  await recordBooked(deps, orderId, {
    consignmentId: parcel.consignmentId ?? null,
    trackingCode: parcel.trackingCode ?? null,
    status: parcel.status,
    charge: parcel.charge ?? null,
  });
  throw new AppError("conflict", `This order is already booked with ${label}`, undefined, {
    booking: "booked",
    courier: first.courier,
  });
}

/**
 * Retries a booking that failed, or whose outcome is unknown (admins). An unknown one may
 * already be at a courier that cannot be asked by invoice: the admin confirms they checked
 * (`confirmNotBooked`), or gets 409 saying so. With `courier`, the retry goes to that courier
 * instead (a courier that keeps refusing the parcel is not a dead end): the first courier is
 * asked by invoice first, and a thana without the new courier's area → 409 asking for it, as a
 * first booking does.
 */
export async function retryCourierBooking(
  deps: CourierDeps,
  actor: Actor,
  orderId: string,
  options: RetryOptions = {},
): Promise<BookingRequested> {
  requireAdmin(actor);
  const switchTo = options.courier ? configuredCourier(deps, options.courier) : undefined;
  if (switchTo) {
    // Refusals first: the admin is not walked through a courier's areas for nothing.
    const { order, booking } = retryable(await orderAndBooking(deps.db, orderId, false), options);
    if (booking.courier !== switchTo.name) {
      await requireNoParcelAt(
        deps,
        orderId,
        { courier: booking.courier, orderNumber: order.orderNumber },
        options.confirmNotBooked === true,
      );
    }
    await requireAreaOfOrder(deps, switchTo, orderId);
  }
  const result = await deps.db.transaction(async (tx) => {
    const { booking } = retryable(
      await orderAndBooking(tx as unknown as Db, orderId, true),
      options,
    );
    const courier = switchTo?.name ?? booking.courier;
    const switched = courier !== booking.courier;
    await tx
      .update(orderCouriers)
      .set({
        state: "queued",
        courier,
        requestedByUserId: actor.userId,
        requestedAt: sql`now()`,
        // Another courier starts afresh: the first one's error and tries are not its own.
        ...(switched ? { lastError: null, attempts: 0 } : {}),
      })
      .where(eq(orderCouriers.orderId, orderId));
    await deps.jobs.send("courier-booking", { orderId } satisfies BookingJob, { key: orderId, tx });
    return { courier };
  });
  return { orderId, courier: result.courier, state: "queued" };
}

// ---------------------------------------------------------------- The booking job

type BookingChange = {
  [K in keyof typeof orderCouriers.$inferInsert]?: (typeof orderCouriers.$inferInsert)[K] | SQL;
};

async function setBooking(db: Db, orderId: string, values: BookingChange) {
  await db.update(orderCouriers).set(values).where(eq(orderCouriers.orderId, orderId));
}

/** The parcel of an order as the courier is asked to carry it: COD is the order's total. */
async function parcelFor(
  deps: CourierDeps,
  courier: Courier,
  order: typeof orders.$inferSelect,
): Promise<ParcelRequest> {
  const lines = await deps.db
    .select({
      name: orderLines.name,
      quantity: orderLines.quantity,
      size: orderLines.size,
      color: orderLines.color,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const describe = (l: (typeof lines)[number]) => {
    const choice = [l.size, l.color].filter((x) => x && x !== "N/A").join(", ");
    return `${l.quantity} × ${l.name}${choice ? ` (${choice})` : ""}`;
  };
  const area = courier.needsArea
    ? await areaFor(deps, courier.name, order.district, order.thana)
    : null;
  return {
    invoice: String(order.orderNumber),
    recipientName: order.customerName,
    recipientPhone: order.mobileNumber,
    recipientAddress: `${order.address}, ${order.thana}, ${order.district}`,
    codAmount: order.total,
    note: order.comment,
    itemDescription: lines.map(describe).join("; ").slice(0, 500),
    itemQuantity: lines.reduce((n, l) => n + l.quantity, 0),
    weightGrams: deps.config.couriers.parcelWeightGrams,
    ...(area ? { area } : {}),
  };
}

/**
 * Stores a parcel the courier has, and moves the order on from Confirmed to Shipping with the
 * history entry "by courier booking", in one transaction. An order that left Confirmed while
 * it was being booked keeps its status; the parcel is recorded all the same (it exists) and the
 * admin is told.
 */
async function recordBooked(
  deps: CourierDeps,
  orderId: string,
  parcel: {
    consignmentId: string | null;
    trackingCode: string | null;
    status: string;
    charge: number | null;
  },
) {
  await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, orderNumber: orders.orderNumber })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update")
      .limit(1);
    if (!order) return;
    const next = courierNextStatus(order.status, "booked");
    const [booking] = await tx
      .select({ courier: orderCouriers.courier })
      .from(orderCouriers)
      .where(eq(orderCouriers.orderId, orderId))
      .limit(1);
    if (order.status === "Cancelled" && booking) {
      // Cancelled while the booking was on its way (decision 078): the parcel must be stopped.
      const label = COURIER_LABELS[booking.courier];
      await raiseStaffAlert(tx, {
        kind: "parcel_live_after_cancel",
        orderId,
        message:
          `Order #${order.orderNumber} is cancelled but its ${label} parcel was booked: ` +
          `cancel it in ${label}'s panel before it is delivered`,
        details: {
          courier: booking.courier,
          courierStatus: parcel.status,
          trackingCode: parcel.trackingCode,
        },
      });
    }
    await tx
      .update(orderCouriers)
      .set({
        state: "booked",
        consignmentId: parcel.consignmentId,
        trackingCode: parcel.trackingCode,
        courierStatus: parcel.status,
        charge: parcel.charge,
        bookedAt: sql`now()`,
        courierStatusAt: sql`now()`,
        lastError: next
          ? null
          : `Booked while the order was ${order.status}: cancel the parcel at the courier if it should not go`,
      })
      .where(eq(orderCouriers.orderId, orderId));
    if (next) await recordSystemStatusChange(tx, orderId, order.status, next, "by courier booking");
  });
}

/**
 * The `courier-booking` job: books one order, at most one parcel whatever happens (decision
 * 051). Before sending, the booking is marked `booking`; a job that finds it so (its previous
 * run died or got no answer) first asks the courier by invoice when it can (Steadfast) and
 * otherwise stops as `unknown` for the admin to check. Refusals fail the booking with the
 * courier's words; an unreachable courier is retried with backoff, then fails.
 */
export async function runCourierBooking(
  deps: CourierDeps,
  job: { data: BookingJob; retryCount: number },
): Promise<void> {
  const { orderId } = job.data;
  const [row] = await deps.db
    .select({ booking: orderCouriers, order: orders })
    .from(orderCouriers)
    .innerJoin(orders, eq(orders.id, orderCouriers.orderId))
    .where(eq(orderCouriers.orderId, orderId))
    .limit(1);
  if (!row || (row.booking.state !== "queued" && row.booking.state !== "booking")) return;
  const { booking, order } = row;
  const label = COURIER_LABELS[booking.courier];
  const courier = deps.couriers.get(booking.courier);
  if (!courier) {
    await setBooking(deps.db, orderId, {
      state: "failed",
      lastError: `${label} is not configured on this shop`,
    });
    return;
  }
  if (order.status !== "Confirmed") {
    await setBooking(deps.db, orderId, {
      state: "failed",
      lastError: `Not sent: the order is ${order.status}, not Confirmed`,
    });
    return;
  }
  const invoice = String(order.orderNumber);
  const interrupted = booking.state === "booking";

  const foundByInvoice = async () => {
    const existing = await courier.findByInvoice?.(invoice);
    if (!existing) return false;
    await recordBooked(deps, orderId, {
      consignmentId: existing.consignmentId ?? null,
      trackingCode: existing.trackingCode ?? null,
      status: existing.status,
      charge: existing.charge ?? null,
    });
    return true;
  };
  try {
    // A parcel the courier already has under this invoice is the booking, whatever happened before.
    if (courier.findByInvoice) {
      if (await foundByInvoice()) return;
    } else if (interrupted) {
      await setBooking(deps.db, orderId, {
        state: "unknown",
        lastError: `A booking request went to ${label} and its answer was lost: check ${label}'s panel for order #${invoice} before retrying`,
      });
      return;
    }
    const parcel = await parcelFor(deps, courier, order);
    await setBooking(deps.db, orderId, {
      state: "booking",
      attempts: sql`${orderCouriers.attempts} + 1`,
      attemptedAt: sql`now()`,
    });
    try {
      await recordBooked(deps, orderId, await courier.book(parcel));
    } catch (err) {
      // Refused as a duplicate invoice: the parcel is there after all.
      if (err instanceof CourierError && err.kind === "rejected" && (await foundByInvoice()))
        return;
      throw err;
    }
  } catch (err) {
    if (!(err instanceof CourierError)) throw err;
    const lastTry = job.retryCount >= QUEUES["courier-booking"].retryLimit;
    if (err.kind === "timeout" && !courier.findByInvoice) {
      await setBooking(deps.db, orderId, {
        state: "unknown",
        lastError: `${label} did not answer in time; it may have the parcel: check its panel for order #${invoice} before retrying`,
      });
      return;
    }
    if (err.retryable && !lastTry) {
      // An error answer (5xx) or a refused connection did not book; after a timeout the state
      // stays `booking`, so the next run asks by invoice first.
      await setBooking(deps.db, orderId, {
        ...(err.kind === "unavailable" ? { state: "queued" as const } : {}),
        lastError: `${label}: ${err.message}`,
      });
      throw err;
    }
    await setBooking(deps.db, orderId, { state: "failed", lastError: `${label}: ${err.message}` });
    logger.warn({ orderId, courier: booking.courier, kind: err.kind }, "courier booking failed");
  }
}

/**
 * Bookings left `queued` with no job (a database restored from a backup has no jobs): the
 * status poll queues them again; the queue's one-job-per-order rule makes this harmless.
 */
export async function requeueStrandedBookings(
  deps: CourierDeps,
  olderThanMinutes = 15,
): Promise<number> {
  const stranded = await deps.db
    .select({ orderId: orderCouriers.orderId })
    .from(orderCouriers)
    .where(
      and(
        inArray(orderCouriers.state, ["queued", "booking"]),
        lt(orderCouriers.requestedAt, sql`now() - make_interval(mins => ${olderThanMinutes})`),
      ),
    )
    .limit(100);
  let queued = 0;
  for (const { orderId } of stranded) {
    if (await deps.jobs.send("courier-booking", { orderId } satisfies BookingJob, { key: orderId }))
      queued++;
  }
  return queued;
}
