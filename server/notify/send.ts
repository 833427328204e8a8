import { asc, eq, sql } from "drizzle-orm";
import type { Job } from "pg-boss";
import { COURIER_LABELS, COURIER_LABELS_BN } from "~/core/courier";
import { inLang } from "~/core/locale";
import { formatNumber } from "~/core/money";
import {
  type MessageLanguage,
  type PlaceholderValues,
  renderTemplate,
  type SmsEvent,
  trackOrderUrl,
} from "~/core/notifications";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { type MessageRow, messages, orderCouriers, orderLines, orders } from "../db/schema";
import { QUEUES } from "../jobs/job-queue";
import { logger } from "../logger";
import type { Mailer, MailMessage } from "../mail/mailer";
import type { RateLimiter } from "../rate-limit/limiter";
import { RATE_LIMITS } from "../rate-limit/rules";
import type { SendMessageJob } from "./dispatch";
import { type OrderSummary, orderMail } from "./order-mail";
import { SmsError, type SmsSender } from "./sms";
import { templateFor } from "./templates";

export type SendDeps = {
  db: Db;
  config: Config;
  sms: SmsSender;
  mailer: Mailer;
  rateLimiter: RateLimiter;
};

const { max: ORDER_MAILS_PER_INBOX, window: ORDER_MAILS_WINDOW } =
  RATE_LIMITS.orderPlacedMailPerEmail;

/** Why an "order placed" mail over its inbox's limit was not sent (the admins read it). */
export const TOO_MANY_ORDER_MAILS = `Not sent: more than ${ORDER_MAILS_PER_INBOX} order emails to this address within ${ORDER_MAILS_WINDOW / 60} minutes (someone may be ordering with another person's email)`;

/**
 * Whether a first try of this message may go out: an "order placed" mail counts against its
 * inbox's limit (orderPlacedMailPerEmail), so that orders placed with someone else's address
 * cannot flood it. The order itself and its SMS are not held back.
 */
async function withinInboxLimit(deps: SendDeps, m: MessageRow): Promise<boolean> {
  if (m.channel !== "email" || m.event !== "order_placed" || m.attempts > 0) return true;
  return deps.rateLimiter.allows("orderPlacedMailPerEmail", m.to);
}

/** Tries of one message before it is marked failed (the first and the queue's retries). */
export const MESSAGE_ATTEMPTS = QUEUES["send-message"].retryLimit + 1;

/** Thrown to let the job engine retry later (with backoff); the message is `queued` again. */
class RetryLater extends Error {
  override name = "RetryLater";
}

type OrderFacts = {
  values: PlaceholderValues;
  summary: OrderSummary;
  trackUrl: string;
};

async function orderFacts(
  deps: SendDeps,
  orderId: string,
  language: MessageLanguage,
): Promise<OrderFacts | null> {
  const [order] = await deps.db
    .select({
      orderNumber: orders.orderNumber,
      total: orders.total,
      subTotal: orders.subTotal,
      deliveryCharge: orders.deliveryCharge,
      name: orders.customerName,
      phone: orders.mobileNumber,
      district: orders.district,
      thana: orders.thana,
      courier: orderCouriers.courier,
      trackingCode: orderCouriers.trackingCode,
    })
    .from(orders)
    .leftJoin(orderCouriers, eq(orderCouriers.orderId, orders.id))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order) return null;
  const rows = await deps.db
    .select({
      name: orderLines.name,
      nameBn: orderLines.nameBn,
      color: orderLines.color,
      size: orderLines.size,
      unitPrice: orderLines.unitPrice,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  // Each line as the customer saw it at checkout: its Bengali name in a Bengali mail, when it has one.
  const lines = rows.map(({ nameBn, ...line }) => ({
    ...line,
    name: inLang(language, line.name, nameBn),
  }));
  const trackUrl = trackOrderUrl(deps.config.publicUrl, order.orderNumber, order.phone);
  return {
    trackUrl,
    values: {
      orderNumber: String(order.orderNumber),
      total: formatNumber(order.total),
      name: order.name,
      shopName: deps.config.SHOP_NAME,
      shopPhone: deps.config.SHOP_PHONE,
      trackingCode: order.trackingCode ?? undefined,
      courier: order.courier
        ? (language === "bn" ? COURIER_LABELS_BN : COURIER_LABELS)[order.courier]
        : undefined,
      trackUrl,
    },
    summary: {
      orderNumber: order.orderNumber,
      lines,
      subTotal: order.subTotal,
      deliveryCharge: order.deliveryCharge,
      total: order.total,
      district: order.district,
      thana: order.thana,
    },
  };
}

/** The SMS text (and an email's subject and body) of a message, written from its event's template. */
async function compose(
  deps: SendDeps,
  m: MessageRow,
): Promise<{
  text: string;
  subject: string | null;
  mail?: MailMessage;
  orderNumber: number | null;
}> {
  const facts = m.orderId ? await orderFacts(deps, m.orderId, m.language as MessageLanguage) : null;
  const orderNumber = facts?.summary.orderNumber ?? null;
  const text =
    m.text ??
    renderTemplate(
      await templateFor(deps.db, m.event as SmsEvent, m.language as MessageLanguage),
      facts?.values ?? { shopName: deps.config.SHOP_NAME, shopPhone: deps.config.SHOP_PHONE },
    );
  if (m.channel === "sms") return { text, subject: null, orderNumber };
  if (!facts) throw new Error("an email message needs its order");
  const mail = orderMail({
    to: m.to,
    event: m.event as SmsEvent,
    language: m.language as MessageLanguage,
    shopName: deps.config.SHOP_NAME,
    lead: text,
    order: facts.summary,
    trackUrl: facts.trackUrl,
  });
  return { text, subject: mail.subject, mail, orderNumber };
}

type Claimed = { message: MessageRow; orderNumber: number | null; mail?: MailMessage };

/**
 * Takes the message for one try under its row lock: `sending` and its text stored before the
 * gateway is called, so a later try knows an earlier one may have reached it. Answers null when
 * there is nothing to do (sent, failed, gone, or found `sending` on a channel that cannot be
 * asked again without a second message — then it is marked failed, decision 059).
 */
async function claim(deps: SendDeps, messageId: string): Promise<Claimed | null> {
  return deps.db.transaction(async (tx) => {
    const [m] = await tx
      .select()
      .from(messages)
      .where(eq(messages.id, messageId))
      .for("update")
      .limit(1);
    if (!m || m.status === "sent" || m.status === "failed") return null;
    const idempotent = m.channel === "sms" && deps.sms.idempotent;
    if (m.status === "sending" && !idempotent) {
      await tx
        .update(messages)
        .set({
          status: "failed",
          lastError: `${m.lastError ? `${m.lastError}. ` : ""}An earlier try got no answer and may have been delivered; not sent again to avoid a second message`,
        })
        .where(eq(messages.id, messageId));
      return null;
    }
    if (m.attempts >= MESSAGE_ATTEMPTS) {
      await tx
        .update(messages)
        .set({ status: "failed", lastError: m.lastError ?? "No more tries" })
        .where(eq(messages.id, messageId));
      return null;
    }
    if (!(await withinInboxLimit(deps, m))) {
      await tx
        .update(messages)
        .set({ status: "failed", lastError: TOO_MANY_ORDER_MAILS })
        .where(eq(messages.id, messageId));
      return null;
    }
    const composed = await compose({ ...deps, db: tx }, m);
    const [claimed] = await tx
      .update(messages)
      .set({
        status: "sending",
        text: composed.text,
        subject: composed.subject,
        attempts: sql`${messages.attempts} + 1`,
        attemptedAt: sql`clock_timestamp()`,
        provider: m.channel === "sms" ? deps.sms.provider : deps.mailer.kind,
      })
      .where(eq(messages.id, messageId))
      .returning();
    if (!claimed) return null;
    return { message: claimed, orderNumber: composed.orderNumber, mail: composed.mail };
  });
}

/**
 * The `send-message` job: sends one SMS or email and records the answer. A failure that surely
 * did not deliver is retried with backoff (the message is `queued` again, its error kept) until
 * MESSAGE_ATTEMPTS; a send with no answer is repeated only through a gateway that takes our
 * message id (SSL Wireless `csms_id`, the outbox), else marked failed.
 */
export async function runSendMessage(deps: SendDeps, job: Job<SendMessageJob>): Promise<void> {
  const claimed = await claim(deps, job.data.messageId);
  if (!claimed) return;
  const { message: m, orderNumber, mail } = claimed;
  try {
    let providerMessageId: string | null = null;
    if (m.channel === "sms") {
      ({ providerMessageId } = await deps.sms.send({
        id: m.id,
        to: m.to,
        text: m.text ?? "",
        orderNumber,
        event: m.event,
      }));
    } else if (mail) {
      await deps.mailer.send(mail);
    }
    await deps.db
      .update(messages)
      .set({ status: "sent", providerMessageId, lastError: null, sentAt: sql`clock_timestamp()` })
      .where(eq(messages.id, m.id));
    logger.info({ messageId: m.id, channel: m.channel, event: m.event }, "message sent");
  } catch (err) {
    const error = (err as Error).message || String(err);
    const maybeSent = err instanceof SmsError ? err.maybeSent : false;
    const lastTry = m.attempts >= MESSAGE_ATTEMPTS;
    // No answer through a gateway that would send it twice: stop here (decision 059).
    const stop = lastTry || (maybeSent && !(m.channel === "sms" && deps.sms.idempotent));
    await deps.db
      .update(messages)
      .set({
        status: stop ? "failed" : maybeSent ? "sending" : "queued",
        lastError:
          stop && maybeSent && !lastTry
            ? `${error}; it may have been delivered, so it is not sent again`
            : error,
      })
      .where(eq(messages.id, m.id));
    logger.warn({ err, messageId: m.id, attempt: m.attempts, stop }, "message not sent");
    if (!stop) throw new RetryLater(error);
  }
}
