import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import type { Actor } from "~/core/actor";
import type { MessageChannel, MessageStatus, SmsEvent } from "~/core/notifications";
import { hideOrderCode } from "~/core/order-tracking";
import type { Db } from "../db/client";
import { messages, orders } from "../db/schema";
import { AppError } from "../errors";
import { assertAdmin } from "../services/authorize";
import { SMS_PROVIDER_LABELS, type SmsSender } from "./sms";

/** One message as the admin's order overview lists it. */
export type MessageView = {
  id: string;
  channel: MessageChannel;
  event: SmsEvent;
  to: string;
  status: MessageStatus;
  text: string | null;
  attempts: number;
  lastError: string | null;
  provider: string | null;
  providerMessageId: string | null;
  createdAt: string;
  sentAt: string | null;
};

/** Every SMS and email of an order, oldest first (admins). Unknown order → 404. */
export async function listOrderMessages(
  db: Db,
  actor: Actor | null,
  orderId: string,
): Promise<MessageView[]> {
  assertAdmin(actor);
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw AppError.notFound("Order");
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.orderId, orderId))
    .orderBy(asc(messages.createdAt), asc(messages.channel), asc(messages.id));
  return rows.map((m) => ({
    id: m.id,
    channel: m.channel,
    event: m.event,
    to: m.to,
    status: m.status,
    text: m.event === "order_code" && m.text ? hideOrderCode(m.text) : m.text,
    attempts: m.attempts,
    lastError: m.lastError,
    provider: m.provider,
    providerMessageId: m.providerMessageId,
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt?.toISOString() ?? null,
  }));
}

export type NotificationsStatus = {
  /** The gateway SMS go through; "outbox" when none is configured (nothing reaches a phone). */
  smsProvider: SmsSender["provider"];
  smsProviderLabel: string;
  sendingSms: boolean;
  /** "smtp" or "outbox" (emails written to DATA_DIR/outbox). */
  mail: "smtp" | "outbox";
  /** Messages of the last 24 hours that failed. */
  failedLastDay: number;
};

/** How customers' messages go out, for the dashboard (admins). */
export async function notificationsStatus(
  ctx: { db: Db; sms: SmsSender; mailer: { kind: "smtp" | "outbox" } },
  actor: Actor | null,
): Promise<NotificationsStatus> {
  assertAdmin(actor);
  const failedLastDay = await ctx.db.$count(
    messages,
    and(eq(messages.status, "failed"), gte(messages.createdAt, sql`now() - interval '1 day'`)),
  );
  return {
    smsProvider: ctx.sms.provider,
    smsProviderLabel: SMS_PROVIDER_LABELS[ctx.sms.provider],
    sendingSms: ctx.sms.provider !== "outbox",
    mail: ctx.mailer.kind,
    failedLastDay,
  };
}

/** The latest messages of the shop, newest first (admins): the dashboard page's list. */
export async function recentMessages(db: Db, actor: Actor | null, limit = 50) {
  assertAdmin(actor);
  return db
    .select({
      id: messages.id,
      orderId: messages.orderId,
      orderNumber: orders.orderNumber,
      channel: messages.channel,
      event: messages.event,
      to: messages.to,
      status: messages.status,
      lastError: messages.lastError,
      createdAt: messages.createdAt,
      sentAt: messages.sentAt,
    })
    .from(messages)
    .leftJoin(orders, eq(orders.id, messages.orderId))
    .orderBy(desc(messages.createdAt))
    .limit(limit);
}
