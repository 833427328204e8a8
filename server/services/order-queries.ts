import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  max,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Actor } from "~/core/actor";
import type { OrderCourierView } from "~/core/courier";
import { formatOrderDate, formatOrderTime } from "~/core/dates";
import type { QueueFilter } from "~/core/order-calls";
import { DEFAULT_RETURN_DAYS, type OrderStatus, returnDeadline } from "~/core/order-status";
import type {
  DailyOrderStat,
  OrderDetailView,
  OrderHistoryEntry,
  OrderPage,
  OrderView,
} from "~/core/order-view";
import { normalizePhone } from "~/core/phone";
import type { Db } from "../db/client";
import { encodeCursor, newerThan, olderThan } from "../db/keyset";
import {
  type OrderCourierRow,
  type OrderRow,
  orderCouriers,
  orderLines,
  orderStatusHistory,
  orders,
  phoneBlocks,
  user,
} from "../db/schema";
import { AppError } from "../errors";
import { callsAndNotesOf } from "./order-calls";
import { isAwaitingCode, orderCodeViews } from "./order-codes";
import { riskOfPhones } from "./risk";

/** A customer account as far as order ownership goes; `userId` null for an email with no account. */
export type OrderOwner = { userId: string | null; email: string; emailVerified: boolean };

/**
 * decisions.md "Which orders a customer sees": orders placed while signed in, and orders whose
 * customer email is the account's email once that email is verified.
 */
export function ownedBy(owner: OrderOwner): SQL {
  const sameEmail = eq(orders.customerEmail, owner.email.toLowerCase());
  if (owner.userId === null) return sameEmail;
  const placedSignedIn = eq(orders.userId, owner.userId);
  return owner.emailVerified ? (or(placedSignedIn, sameEmail) as SQL) : placedSignedIn;
}

/**
 * Who is looking at orders decides what they see (decisions.md): an admin everything, a customer
 * their own orders.
 */
export function visibleTo(viewer: Actor): SQL | undefined {
  return viewer.role === "admin" ? undefined : ownedBy(viewer);
}

export type OrderFilter = {
  statuses?: readonly OrderStatus[];
  /** Order id, order number, mobile number or customer name (a part of it). */
  search?: string;
  /** Only the orders that belong to this customer (an admin looking up a customer). */
  owner?: OrderOwner;
  limit: number;
  cursor?: string;
  /** RETURN_DAYS: how long a delivered order may be returned by its owner (`returnBy`). */
  returnDays?: number;
  /** RISK_MAX_RETURNS: returns a number may have before its orders show as risky. */
  riskMaxReturns?: number;
  /**
   * The confirmation queue (admins' Pending list, decision 057): oldest first, without the orders
   * whose customer did not answer less than `retryMinutes` ago, or only the orders of `filter`.
   */
  queue?: { filter?: QueueFilter; retryMinutes: number };
  /**
   * Admins' lists by status: Pending orders that wait for their one-time code (decision 060)
   * are only in the list that asks for them (Unverified), never in the Pending queue.
   */
  awaitingCode?: boolean;
};

/** What the order answers add for who is looking (risk and courier details for admins). */
export type OrderViewOptions = { returnDays?: number; riskMaxReturns?: number };

const DEFAULT_RISK_MAX_RETURNS = 2;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

function searchCondition(search: string): SQL | undefined {
  const text = search.trim();
  if (!text) return undefined;
  const like = `%${escapeLike(text)}%`;
  const conditions: SQL[] = [
    ilike(orders.id, `${escapeLike(text)}%`),
    ilike(orders.customerName, like),
  ];
  // A Bengali keyboard types ০–৯: the number and phone match either digits. A phone written
  // +880 1…, 880 1… or with spaces and dashes is looked for as the orders store it (01…).
  const digits = normalizePhone(text.replace(/^#/, ""));
  if (/^[0-9]{1,11}$/.test(digits)) {
    conditions.push(ilike(orders.mobileNumber, `%${digits}%`));
    const n = Number(digits);
    if (Number.isSafeInteger(n) && n <= 2_147_483_647) conditions.push(eq(orders.orderNumber, n));
  }
  return or(...conditions);
}

/**
 * The queue's choice of orders (see `OrderFilter.queue`): an order whose customer did not answer
 * is out of every view but "no answer" until its delay has passed.
 */
function queueCondition(queue: NonNullable<OrderFilter["queue"]>, maxReturns: number): SQL {
  if (queue.filter === "no_answer") return eq(orders.lastCallOutcome, "no_answer");
  const due = sql`not (${orders.lastCallOutcome} is not distinct from 'no_answer'
    and ${orders.lastCallAt} > now() - make_interval(mins => ${queue.retryMinutes}))`;
  if (queue.filter === "not_called") return and(due, eq(orders.callAttempts, 0)) as SQL;
  if (queue.filter === "risky") {
    // The same rule as `riskOfPhones`, read from the (mobile_number, status) index.
    return and(
      due,
      sql`(exists (select 1 from ${phoneBlocks} b where b.phone = ${orders.mobileNumber})
        or (select count(*) from orders r where r.mobile_number = ${orders.mobileNumber}
            and r.status = 'Return') > ${maxReturns})`,
    ) as SQL;
  }
  return due;
}

function filterConditions(
  viewer: Actor,
  filter: Omit<OrderFilter, "limit" | "cursor" | "returnDays">,
) {
  const where: (SQL | undefined)[] = [visibleTo(viewer)];
  if (filter.statuses?.length) where.push(inArray(orders.status, [...filter.statuses]));
  if (filter.statuses?.length && viewer.role === "admin") {
    where.push(
      filter.awaitingCode
        ? and(eq(orders.awaitingCode, true), eq(orders.status, "Pending"))
        : sql`not (${orders.awaitingCode} and ${orders.status} = 'Pending')`,
    );
  }
  if (filter.owner) where.push(ownedBy(filter.owner));
  if (filter.search) where.push(searchCondition(filter.search));
  if (filter.queue && viewer.role === "admin") {
    where.push(queueCondition(filter.queue, filter.riskMaxReturns ?? DEFAULT_RISK_MAX_RETURNS));
  }
  return where;
}

/**
 * An order's status changes, oldest first. `staffNames` false (a customer's view): a change the
 * shop's staff made says "admin" without the person's name, which is the staff's own business.
 */
async function historyOf(
  db: Db,
  orderId: string,
  { staffNames }: { staffNames: boolean },
): Promise<OrderHistoryEntry[]> {
  const rows = await db
    .select({
      from: orderStatusHistory.fromStatus,
      to: orderStatusHistory.toStatus,
      at: orderStatusHistory.changedAt,
      byRole: orderStatusHistory.changedByRole,
      byName: user.name,
      note: orderStatusHistory.note,
    })
    .from(orderStatusHistory)
    .leftJoin(user, eq(user.id, orderStatusHistory.changedByUserId))
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.changedAt), asc(orderStatusHistory.id));
  return rows.map((r) => ({
    from: (r.from as OrderStatus | null) ?? null,
    to: r.to as OrderStatus,
    at: r.at.toISOString(),
    byRole: r.byRole,
    byName: r.byRole === "admin" && !staffNames ? null : (r.byName ?? null),
    note: r.note ?? null,
  }));
}

/** When each of the delivered orders among `rows` was delivered (its latest Delivered entry). */
async function deliveryTimes(db: Db, rows: OrderRow[]): Promise<Map<string, Date>> {
  const delivered = rows.filter((r) => r.status === "Delivered").map((r) => r.id);
  if (delivered.length === 0) return new Map();
  const times = await db
    .select({ orderId: orderStatusHistory.orderId, at: max(orderStatusHistory.changedAt) })
    .from(orderStatusHistory)
    .where(
      and(
        inArray(orderStatusHistory.orderId, delivered),
        eq(orderStatusHistory.toStatus, "Delivered"),
      ),
    )
    .groupBy(orderStatusHistory.orderId);
  return new Map(times.flatMap((t) => (t.at ? [[t.orderId, t.at] as const] : [])));
}

/** Every line of these orders, each order's lines in their order on it. */
export function linesOfOrders(db: Db, orderIds: string[]) {
  return db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
}

/**
 * Orders with their lines, in the API's shape (two queries, whatever the page size, and a third
 * for the delivery times of the delivered ones), each Delivered order with its `returnBy`.
 */
async function withLines(
  db: Db,
  rows: OrderRow[],
  viewer: Actor,
  options: OrderViewOptions = {},
): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const returnDays = options.returnDays ?? DEFAULT_RETURN_DAYS;
  const admin = viewer.role === "admin";
  const awaiting = admin ? rows.filter(isAwaitingCode).map((r) => r.id) : [];
  const [lines, delivered, couriers, risks, codes] = await Promise.all([
    linesOfOrders(
      db,
      rows.map((r) => r.id),
    ),
    deliveryTimes(db, rows),
    db
      .select()
      .from(orderCouriers)
      .where(
        inArray(
          orderCouriers.orderId,
          rows.map((r) => r.id),
        ),
      ),
    admin
      ? riskOfPhones(
          db,
          rows.map((r) => r.mobileNumber),
          options.riskMaxReturns ?? DEFAULT_RISK_MAX_RETURNS,
        )
      : undefined,
    orderCodeViews(db, awaiting),
  ]);
  const courierOf = new Map(couriers.map((c) => [c.orderId, c]));
  const byOrder = new Map<string, typeof lines>();
  for (const line of lines) {
    const list = byOrder.get(line.orderId) ?? [];
    list.push(line);
    byOrder.set(line.orderId, list);
  }
  return rows.map((row) => {
    const deliveredAt = delivered.get(row.id);
    const risk = risks?.get(row.mobileNumber);
    return {
      ...toOrderView(row, byOrder.get(row.id) ?? []),
      returnBy: deliveredAt ? returnDeadline(deliveredAt, returnDays).toISOString() : null,
      courier: courierView(courierOf.get(row.id), admin),
      // The owner is told too: the code is theirs to enter (at Track Order).
      ...(!admin && isAwaitingCode(row) ? { awaitingCode: true } : {}),
      ...(admin
        ? {
            heldReason: row.heldReason,
            awaitingCode: isAwaitingCode(row),
            ...(codes.has(row.id) ? { code: codes.get(row.id) } : {}),
            ...(risk ? { risk } : {}),
            confirmation: {
              attempts: row.callAttempts,
              lastCallAt: row.lastCallAt?.toISOString() ?? null,
              lastOutcome: row.lastCallOutcome ?? null,
            },
          }
        : {}),
    };
  });
}

/** The parcel as its viewer sees it: admins the whole booking, customers a booked parcel. */
export function courierView(
  row: OrderCourierRow | undefined,
  admin: boolean,
): OrderCourierView | null {
  if (!row) return null;
  const base = {
    name: row.courier,
    consignmentId: row.consignmentId,
    trackingCode: row.trackingCode,
    status: row.courierStatus,
  };
  if (!admin) return row.state === "booked" ? base : null;
  return {
    ...base,
    booking: row.state,
    charge: row.charge,
    lastError: row.lastError,
    message: row.courierMessage,
    bookedAt: row.bookedAt?.toISOString() ?? null,
    attempts: row.attempts,
  };
}

export function toOrderView(
  row: OrderRow,
  lines: (typeof orderLines.$inferSelect)[],
): Omit<OrderView, "returnBy" | "courier" | "risk" | "heldReason" | "confirmation"> {
  return {
    _id: row.id,
    orderNumber: row.orderNumber,
    date: formatOrderDate(row.placedAt),
    time: formatOrderTime(row.placedAt),
    placedAt: row.placedAt.toISOString(),
    subTotal: row.subTotal,
    total: row.total,
    orderStatus: row.status,
    email: row.customerEmail,
    returnReceivedAt: row.returnReceivedAt?.toISOString() ?? null,
    products: lines.map((l) => ({
      id: l.productId,
      name: l.name,
      nameBn: l.nameBn,
      imageUrl: l.imageUrl,
      color: l.color,
      size: l.size,
      originalPrice: l.unitPrice,
      quantity: l.quantity,
      lineTotal: l.unitPrice * l.quantity,
    })),
    customerData: {
      name: row.customerName,
      email: row.customerEmail,
      mobileNumber: row.mobileNumber,
      district: row.district,
      thana: row.thana,
      address: row.address,
      comment: row.comment,
      addressType: row.addressType,
      deliveryArea: row.deliveryArea,
      paymentSystem: row.paymentSystem,
      deliveryCharge: row.deliveryCharge,
    },
  };
}

/**
 * A page of the orders the viewer may see, newest first (keyset-paginated), with the number of
 * orders matching the filter. A customer never gets another customer's order, whatever the filter.
 */
export async function listOrders(db: Db, viewer: Actor, filter: OrderFilter): Promise<OrderPage> {
  const where = filterConditions(viewer, filter);
  const pageWhere = [...where];
  // The confirmation queue is worked oldest first; every other list shows the newest first.
  const oldestFirst = filter.queue !== undefined && viewer.role === "admin";
  if (filter.cursor) {
    pageWhere.push(
      (oldestFirst ? newerThan : olderThan)(orders.placedAt, orders.id, filter.cursor),
    );
  }
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(and(...pageWhere))
      .orderBy(
        ...(oldestFirst
          ? [asc(orders.placedAt), asc(orders.id)]
          : [desc(orders.placedAt), desc(orders.id)]),
      )
      .limit(filter.limit + 1),
    db
      .select({ n: count() })
      .from(orders)
      .where(and(...where)),
  ]);
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    data: await withLines(db, page, viewer, filter),
    nextCursor: rows.length > filter.limit && last ? encodeCursor(last.placedAt, last.id) : null,
    total: counted?.n ?? 0,
  };
}

/**
 * One order with its lines and status history. An order the viewer may not see answers 404,
 * like one that does not exist: a customer learns nothing about other customers' order ids.
 */
export async function getOrderDetail(
  db: Db,
  viewer: Actor,
  id: string,
  options: OrderViewOptions = {},
): Promise<OrderDetailView> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), visibleTo(viewer)))
    .limit(1);
  if (!row) throw AppError.notFound("Order");
  const [view] = await withLines(db, [row], viewer, options);
  if (!view) throw AppError.notFound("Order");
  const [history, internal] = await Promise.all([
    historyOf(db, id, { staffNames: viewer.role === "admin" }),
    // Calls and internal notes are the staff's: never in a customer's answer.
    viewer.role === "admin" ? callsAndNotesOf(db, [id]) : undefined,
  ]);
  return {
    ...view,
    history,
    ...(internal
      ? { calls: internal.calls.get(id) ?? [], notes: internal.notes.get(id) ?? [] }
      : {}),
  };
}

export type OrderCounts = Record<OrderStatus, number>;

/** How many of the viewer's visible orders are in each status. */
export async function countOrdersByStatus(db: Db, viewer: Actor): Promise<OrderCounts> {
  const rows = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(
      and(
        visibleTo(viewer),
        // Staff count an order awaiting its code only once verified, as their lists show it.
        viewer.role === "admin"
          ? sql`not (${orders.awaitingCode} and ${orders.status} = 'Pending')`
          : undefined,
      ),
    )
    .groupBy(orders.status);
  const counts: OrderCounts = {
    Pending: 0,
    Confirmed: 0,
    Shipping: 0,
    Delivered: 0,
    Cancelled: 0,
    Return: 0,
  };
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

/** Dhaka has no daylight saving time: its calendar day is UTC shifted by six hours. */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

function dhakaDay(at: Date): string {
  return new Date(at.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Statuses whose orders count as revenue: everything not cancelled or returned. */

/**
 * Orders placed per Dhaka calendar day over the last `days` days (today included), one entry per
 * day, days without orders as zero. Revenue counts only the orders delivered (a pending or
 * shipping order may still be cancelled or returned); the placed value counts every order.
 */
export async function dailyOrderStats(
  db: Db,
  days: number,
  now: Date = new Date(),
): Promise<DailyOrderStat[]> {
  const today = dhakaDay(now);
  const firstDay = new Date(Date.parse(today) - (days - 1) * DAY_MS);
  const since = new Date(firstDay.getTime() - DHAKA_OFFSET_MS);
  const day = sql<string>`to_char((${orders.placedAt} at time zone 'UTC') + interval '6 hours', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      orders: count(),
      revenue: sql<string>`coalesce(sum(${orders.total}) filter (where ${eq(orders.status, "Delivered")}), 0)`,
      placed: sql<string>`coalesce(sum(${orders.total}), 0)`,
    })
    .from(orders)
    .where(gte(orders.placedAt, since))
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return Array.from({ length: days }, (_, i) => {
    const key = new Date(firstDay.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const r = byDay.get(key);
    return {
      day: key,
      orders: r ? Number(r.orders) : 0,
      revenue: r ? Number(r.revenue) : 0,
      placed: r ? Number(r.placed) : 0,
    };
  });
}
