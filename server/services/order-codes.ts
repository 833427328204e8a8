import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { formatNumber } from "~/core/money";
import { type MessageLanguage, renderTemplate, trackOrderUrl } from "~/core/notifications";
import {
  ORDER_CODE_DIGITS,
  ORDER_CODE_MAX_RESENDS,
  ORDER_CODE_MAX_WRONG_TRIES,
  ORDER_CODE_MESSAGES,
  ORDER_CODE_RESEND_GAP_SECONDS,
  ORDER_CODE_TTL_SECONDS,
  type OrderCodeView,
  type OrderOtpMode,
  TRACK_MESSAGES,
} from "~/core/order-tracking";
import type { TrackQuery } from "~/core/schemas/order-tracking";
import type { AppContext } from "../app-context";
import type { Db } from "../db/client";
import { orderCodes, orders } from "../db/schema";
import { AppError, RateLimitedError } from "../errors";
import { queueOrderMessages, queueSms } from "../notify/queue";
import { templateFor } from "../notify/templates";
import { addressSubject } from "../rate-limit/address";
import { riskOfPhones } from "./risk";

/**
 * One-time codes for risky cash-on-delivery orders (issue 24 item 4, decision 060). An order that
 * needs one is stored with `awaiting_code` (out of the staff's Pending queue, in "Unverified");
 * the customer gets a 6-digit code by SMS and a right code within 10 minutes clears the flag.
 * Only an HMAC of the code is stored.
 */

type OrderRef = { id: string; orderNumber: number; mobileNumber: string };

/** The order codes' own key, derived from the server secret (never the secret itself). */
export function orderCodeKey(authSecret: string): string {
  return createHmac("sha256", authSecret).update("haat order code v1").digest("base64url");
}

function hashCode(key: string, orderId: string, code: string): string {
  return createHmac("sha256", key).update(`${orderId}:${code}`).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

function newCode(): string {
  return String(randomInt(0, 10 ** ORDER_CODE_DIGITS)).padStart(ORDER_CODE_DIGITS, "0");
}

/**
 * Whether a new order from this phone waits for a code: ORDER_OTP `all`, or `risky` and the
 * number is risky by the risk check (decision 052: returns over RISK_MAX_RETURNS, or blocked).
 */
export async function orderNeedsCode(
  db: Db,
  mode: OrderOtpMode,
  phone: string,
  riskMaxReturns: number,
): Promise<boolean> {
  if (mode === "off") return false;
  if (mode === "all") return true;
  const risk = (await riskOfPhones(db, [phone], riskMaxReturns)).get(phone);
  return risk?.risky ?? false;
}

type CodeDeps = Pick<AppContext, "db" | "config" | "orderCodeKey">;

/** Stores a fresh code for the order and queues its SMS, in one transaction. */
async function sendCode(
  tx: Db,
  deps: CodeDeps,
  order: OrderRef,
  now: Date,
  first: boolean,
): Promise<void> {
  const code = newCode();
  const values = {
    codeHash: hashCode(deps.orderCodeKey, order.id, code),
    expiresAt: new Date(now.getTime() + ORDER_CODE_TTL_SECONDS * 1000),
    lastSentAt: now,
  };
  if (first) {
    await tx
      .insert(orderCodes)
      .values({ orderId: order.id, ...values, sends: 1 })
      .onConflictDoNothing();
  } else {
    await tx
      .update(orderCodes)
      .set({ ...values, sends: sql`${orderCodes.sends} + 1` })
      .where(eq(orderCodes.orderId, order.id));
  }
  await queueSms(tx, {
    orderId: order.id,
    to: order.mobileNumber,
    event: "order_code",
    ...(await codeSms(tx, deps, order, code)),
  });
}

/**
 * The code's SMS from the shop's `order_code` template in the order's language. Written now, not
 * when it is sent as the other messages are: only a hash of the code is stored.
 */
async function codeSms(
  tx: Db,
  deps: CodeDeps,
  order: OrderRef,
  code: string,
): Promise<{ text: string; language: MessageLanguage }> {
  const [facts] = await tx
    .select({ name: orders.customerName, total: orders.total, language: orders.language })
    .from(orders)
    .where(eq(orders.id, order.id));
  const language = facts?.language ?? "bn";
  const template = await templateFor(tx, "order_code", language);
  const text = renderTemplate(template, {
    orderNumber: String(order.orderNumber),
    total: facts ? formatNumber(facts.total) : undefined,
    name: facts?.name,
    shopName: deps.config.SHOP_NAME,
    shopPhone: deps.config.SHOP_PHONE,
    trackUrl: trackOrderUrl(deps.config.publicUrl, order.orderNumber, order.mobileNumber),
    code,
  });
  return { text, language };
}

/** The first code of an order just stored as awaiting one. */
export async function issueOrderCode(
  deps: CodeDeps,
  order: OrderRef,
  now: Date = new Date(),
): Promise<void> {
  await deps.db.transaction((tx) => sendCode(tx as unknown as Db, deps, order, now, true));
}

type CodeRow = typeof orderCodes.$inferSelect;

function viewOf(row: CodeRow | undefined, now: Date): OrderCodeView {
  // No row: the code's SMS was never stored (a crash between the order and its code); asking
  // for one sends it.
  const sends = row?.sends ?? 0;
  const wrongTries = row?.wrongTries ?? 0;
  const resendsLeft = row ? Math.max(0, ORDER_CODE_MAX_RESENDS - (sends - 1)) : 1;
  const sinceSent = row ? (now.getTime() - row.lastSentAt.getTime()) / 1000 : Infinity;
  const expired = !row || row.expiresAt.getTime() <= now.getTime();
  const locked = wrongTries >= ORDER_CODE_MAX_WRONG_TRIES || (expired && resendsLeft === 0);
  return {
    state: locked ? "locked" : expired ? "expired" : "awaiting",
    resendsLeft: locked ? 0 : resendsLeft,
    resendAfterSeconds: Math.max(0, Math.ceil(ORDER_CODE_RESEND_GAP_SECONDS - sinceSent)),
    triesLeft: Math.max(0, ORDER_CODE_MAX_WRONG_TRIES - wrongTries),
  };
}

/** The code's state of an order that waits for one; null for any other order. */
export async function orderCodeView(
  db: Db,
  order: Pick<typeof orders.$inferSelect, "id" | "awaitingCode" | "status">,
  now: Date = new Date(),
): Promise<OrderCodeView | null> {
  if (!isAwaitingCode(order)) return null;
  return (await orderCodeViews(db, [order.id], now)).get(order.id) ?? null;
}

/** A Pending order still waiting for its one-time code (once it moves on, it no longer is). */
export function isAwaitingCode(order: Pick<typeof orders.$inferSelect, "awaitingCode" | "status">) {
  return order.awaitingCode && order.status === "Pending";
}

/** The code's state of each given order waiting for one (staff's Unverified list). */
export async function orderCodeViews(
  db: Db,
  orderIds: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, OrderCodeView>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select().from(orderCodes).where(inArray(orderCodes.orderId, orderIds));
  const rowOf = new Map(rows.map((row) => [row.orderId, row]));
  return new Map(orderIds.map((id) => [id, viewOf(rowOf.get(id), now)]));
}

/** How a code form names its order: the success page's random id, or number and phone. */
export type OrderLocator = { orderId: string } | TrackQuery;

function wrongCodeMessage(triesLeft: number): string {
  return triesLeft > 0
    ? `That code is not right. ${triesLeft} ${triesLeft === 1 ? "try" : "tries"} left.`
    : ORDER_CODE_MESSAGES.locked;
}

/** Counts a code entry or resend (429 when over): per client address and per order. */
async function countCodeRequest(
  deps: Pick<AppContext, "rateLimiter">,
  locator: OrderLocator,
  clientAddress: string,
) {
  await deps.rateLimiter.consume(
    ["orderCodePerOrder", "orderId" in locator ? locator.orderId : String(locator.orderNumber)],
    ["orderCodePerAddress", addressSubject(clientAddress)],
  );
}

/** The order, locked for this transaction; a pair that names none is the tracking not-found. */
async function lockOrder(tx: Db, locator: OrderLocator) {
  const where =
    "orderId" in locator
      ? eq(orders.id, locator.orderId)
      : and(eq(orders.orderNumber, locator.orderNumber), eq(orders.mobileNumber, locator.phone));
  const [order] = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      mobileNumber: orders.mobileNumber,
      status: orders.status,
      awaitingCode: orders.awaitingCode,
    })
    .from(orders)
    .where(where)
    .for("update")
    .limit(1);
  if (!order) throw new AppError("not_found", TRACK_MESSAGES.notFound);
  if (!order.awaitingCode || order.status !== "Pending") {
    throw new AppError("conflict", ORDER_CODE_MESSAGES.alreadyVerified);
  }
  const [code] = await tx
    .select()
    .from(orderCodes)
    .where(eq(orderCodes.orderId, order.id))
    .orderBy(asc(orderCodes.orderId));
  return { order, code };
}

export type VerifyResult = { orderNumber: number; status: "Pending" };

/**
 * A code entered for an order: right and in time → the order is Pending like any other (in the
 * staff's queue); wrong → one try used (400 with the tries left, under `code`); expired or
 * locked → 409, nothing counted. A code works once: the order no longer waits for one after.
 */
export async function verifyOrderCode(
  deps: CodeDeps & Pick<AppContext, "rateLimiter">,
  locator: OrderLocator,
  code: string,
  clientAddress: string,
  now: Date = new Date(),
): Promise<VerifyResult> {
  await countCodeRequest(deps, locator, clientAddress);
  const outcome = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const { order, code: stored } = await lockOrder(tx, locator);
    const view = viewOf(stored, now);
    if (view.state === "locked")
      return { kind: "refused", message: ORDER_CODE_MESSAGES.locked } as const;
    if (!stored || view.state === "expired") {
      return { kind: "refused", message: ORDER_CODE_MESSAGES.expired } as const;
    }
    if (!sameHash(hashCode(deps.orderCodeKey, order.id, code), stored.codeHash)) {
      const [after] = await tx
        .update(orderCodes)
        .set({ wrongTries: sql`${orderCodes.wrongTries} + 1` })
        .where(eq(orderCodes.orderId, order.id))
        .returning({ wrongTries: orderCodes.wrongTries });
      const triesLeft = ORDER_CODE_MAX_WRONG_TRIES - (after?.wrongTries ?? 0);
      return { kind: "wrong", triesLeft } as const;
    }
    await tx.update(orderCodes).set({ verifiedAt: now }).where(eq(orderCodes.orderId, order.id));
    await tx
      .update(orders)
      .set({ awaitingCode: false, updatedAt: sql`clock_timestamp()` })
      .where(eq(orders.id, order.id));
    // The "order placed" SMS and email it did not get when it was stored waiting for the code.
    await queueOrderMessages(tx, order.id, "order_placed");
    return { kind: "verified", orderNumber: order.orderNumber } as const;
  });
  if (outcome.kind === "refused") throw new AppError("conflict", outcome.message);
  if (outcome.kind === "wrong") {
    const message = wrongCodeMessage(outcome.triesLeft);
    throw new AppError(outcome.triesLeft > 0 ? "invalid" : "conflict", message, [
      { path: "code", message },
    ]);
  }
  return { orderNumber: outcome.orderNumber, status: "Pending" };
}

/**
 * "Send a new code": a fresh code (the old one stops working) and a fresh 10 minutes, at most
 * ORDER_CODE_MAX_RESENDS times per order and ORDER_CODE_RESEND_GAP_SECONDS apart (429 with the
 * wait before then); none for a locked order.
 */
export async function resendOrderCode(
  deps: CodeDeps & Pick<AppContext, "rateLimiter">,
  locator: OrderLocator,
  clientAddress: string,
  now: Date = new Date(),
): Promise<OrderCodeView> {
  await countCodeRequest(deps, locator, clientAddress);
  return deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const { order, code: stored } = await lockOrder(tx, locator);
    const view = viewOf(stored, now);
    if (stored && stored.wrongTries >= ORDER_CODE_MAX_WRONG_TRIES) {
      throw new AppError("conflict", ORDER_CODE_MESSAGES.locked);
    }
    if (view.resendsLeft === 0) throw new AppError("conflict", ORDER_CODE_MESSAGES.noResendLeft);
    if (view.resendAfterSeconds > 0) throw new RateLimitedError(view.resendAfterSeconds);
    await sendCode(tx, deps, order, now, !stored);
    const [after] = await tx.select().from(orderCodes).where(eq(orderCodes.orderId, order.id));
    return viewOf(after, now);
  });
}
