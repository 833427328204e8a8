import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "~/core/actor";
import {
  CALL_NOTE_MAX,
  CANCEL_REASON_MAX,
  type CallOutcome,
  isCallOutcome,
  ORDER_NOTE_MAX,
  type OrderCallView,
  type OrderNoteView,
} from "~/core/order-calls";
import type { OrderStatus } from "~/core/order-status";
import type { CatalogueEvents } from "../catalogue/events";
import type { Db } from "../db/client";
import { newId } from "../db/ids";
import { orderCalls, orderNotes, orderStatusHistory, orders, user } from "../db/schema";
import { AppError } from "../errors";
import { queueStatusMessages } from "../notify/queue";
import { announceStockMoves, releaseOrderStock, type StockMove } from "./order-stock";

/**
 * The confirmation call (issue 23 item 1, decision 057): staff call each Pending order's customer
 * and record how it went. Confirmed and Cancelled move the order with a history entry; No answer
 * and Wrong number keep it Pending, counted, and a No answer waits NO_ANSWER_RETRY_MINUTES before
 * it is back in the queue. Internal notes are for staff only: no customer answer carries them.
 */

export type CallInput = { outcome: string; note?: string | null; reason?: string | null };

export type RecordedCall = {
  call: OrderCallView;
  orderStatus: OrderStatus;
  attempts: number;
};

function requireAdmin(actor: Actor, what: string): void {
  if (actor.role !== "admin") throw new AppError("forbidden", `Only admins may ${what}`);
}

function invalid(path: string, message: string): AppError {
  return new AppError("invalid", "Some fields are not valid", [{ path, message }]);
}

/** The outcome, note and reason as stored; anything else is a 400 on its field. */
function checkedCall(input: CallInput): {
  outcome: CallOutcome;
  note: string | null;
  reason: string | null;
} {
  if (!isCallOutcome(input.outcome)) {
    throw invalid("outcome", "Choose Confirmed, No answer, Wrong number or Cancelled");
  }
  const note = (input.note ?? "").trim();
  if (note.length > CALL_NOTE_MAX) {
    throw invalid("note", `Keep the note within ${CALL_NOTE_MAX} characters`);
  }
  const reason = (input.reason ?? "").trim();
  if (input.outcome === "cancelled" && !reason) {
    throw invalid("reason", "Say why the order is cancelled");
  }
  if (reason.length > CANCEL_REASON_MAX) {
    throw invalid("reason", `Keep the reason within ${CANCEL_REASON_MAX} characters`);
  }
  return {
    outcome: input.outcome,
    note: note || null,
    reason: input.outcome === "cancelled" ? reason : null,
  };
}

const NEXT_STATUS: Partial<Record<CallOutcome, OrderStatus>> = {
  confirmed: "Confirmed",
  cancelled: "Cancelled",
};

/**
 * Records a call's outcome on a Pending order (admins), under the order's row lock so two people
 * calling one customer are serialized: the second sees the first's result. Not found → 404;
 * an order no longer Pending → 409 with its `currentStatus`; bad input → 400.
 */
export async function recordCall(
  db: Db,
  actor: Actor,
  orderId: string,
  input: CallInput,
  options: { catalogueEvents?: Pick<CatalogueEvents, "publish"> } = {},
): Promise<RecordedCall> {
  requireAdmin(actor, "record confirmation calls");
  const call = checkedCall(input);
  const { moves, ...recorded } = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, attempts: orders.callAttempts })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update")
      .limit(1);
    if (!order) throw AppError.notFound("Order");
    if (order.status !== "Pending") {
      throw new AppError(
        "conflict",
        `A call is recorded on a Pending order; this order is ${order.status}`,
        undefined,
        { orderStatus: order.status, currentStatus: order.status },
      );
    }
    const next = NEXT_STATUS[call.outcome];
    const [stamped] = await tx
      .update(orders)
      .set({
        ...(next ? { status: next } : {}),
        callAttempts: sql`${orders.callAttempts} + 1`,
        lastCallAt: sql`clock_timestamp()`,
        lastCallOutcome: call.outcome,
        updatedAt: sql`clock_timestamp()`,
      })
      .where(eq(orders.id, orderId))
      .returning({ at: orders.lastCallAt, attempts: orders.callAttempts });
    const at = stamped?.at ?? new Date();
    const id = newId();
    await tx.insert(orderCalls).values({ id, orderId, ...call, byUserId: actor.userId, at });
    // A cancelled order gives back the pieces it holds, as every cancellation does (decision 045).
    const moves: StockMove[] =
      next === "Cancelled"
        ? await releaseOrderStock(tx, orderId, "order_cancelled", { userId: actor.userId, at })
        : [];
    if (next) {
      await tx.insert(orderStatusHistory).values({
        id: newId(),
        orderId,
        fromStatus: order.status,
        toStatus: next,
        changedByUserId: actor.userId,
        changedByRole: "admin",
        changedAt: at,
        note:
          next === "Cancelled" ? `by confirmation call: ${call.reason}` : "by confirmation call",
      });
      await queueStatusMessages(tx, orderId, next);
    }
    return {
      call: { id, ...call, at: at.toISOString(), byName: actor.name ?? null },
      orderStatus: next ?? order.status,
      attempts: stamped?.attempts ?? order.attempts + 1,
      moves,
    };
  });
  await announceStockMoves(options.catalogueEvents, moves);
  return recorded;
}

/** Adds an internal note to any order (admins). Customers never see notes. */
export async function addOrderNote(
  db: Db,
  actor: Actor,
  orderId: string,
  input: { text: string },
): Promise<OrderNoteView> {
  requireAdmin(actor, "add order notes");
  const text = input.text.trim();
  if (!text) throw invalid("text", "Write the note");
  if (text.length > ORDER_NOTE_MAX) {
    throw invalid("text", `Keep the note within ${ORDER_NOTE_MAX} characters`);
  }
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) throw AppError.notFound("Order");
  const [row] = await db
    .insert(orderNotes)
    .values({ id: newId(), orderId, text, byUserId: actor.userId })
    .returning();
  if (!row) throw new Error("note insert returned nothing");
  return { id: row.id, text: row.text, at: row.at.toISOString(), byName: actor.name ?? null };
}

/** An order's calls and internal notes, oldest first (for admins' order answers only). */
export async function callsAndNotesOf(
  db: Db,
  orderIds: readonly string[],
): Promise<{ calls: Map<string, OrderCallView[]>; notes: Map<string, OrderNoteView[]> }> {
  const calls = new Map<string, OrderCallView[]>();
  const notes = new Map<string, OrderNoteView[]>();
  if (orderIds.length === 0) return { calls, notes };
  const ids = [...orderIds];
  const [callRows, noteRows] = await Promise.all([
    db
      .select({ call: orderCalls, byName: user.name })
      .from(orderCalls)
      .leftJoin(user, eq(user.id, orderCalls.byUserId))
      .where(inArray(orderCalls.orderId, ids))
      .orderBy(asc(orderCalls.at), asc(orderCalls.id)),
    db
      .select({ note: orderNotes, byName: user.name })
      .from(orderNotes)
      .leftJoin(user, eq(user.id, orderNotes.byUserId))
      .where(inArray(orderNotes.orderId, ids))
      .orderBy(asc(orderNotes.at), asc(orderNotes.id)),
  ]);
  for (const { call, byName } of callRows) {
    const list = calls.get(call.orderId) ?? [];
    list.push({
      id: call.id,
      outcome: call.outcome,
      reason: call.reason,
      note: call.note,
      at: call.at.toISOString(),
      byName: byName ?? null,
    });
    calls.set(call.orderId, list);
  }
  for (const { note, byName } of noteRows) {
    const list = notes.get(note.orderId) ?? [];
    list.push({ id: note.id, text: note.text, at: note.at.toISOString(), byName: byName ?? null });
    notes.set(note.orderId, list);
  }
  return { calls, notes };
}
