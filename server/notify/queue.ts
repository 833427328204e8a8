import { sql } from "drizzle-orm";
import { eventForStatus, type MessageLanguage, type SmsEvent } from "~/core/notifications";
import type { Db } from "../db/client";
import { newId } from "../db/ids";
import { messages } from "../db/schema";

export type { SmsEvent } from "~/core/notifications";

/** The channel every server listens on: a message committed (decision 059). */
export const MESSAGE_QUEUED_CHANNEL = "haat_message_queued";

/**
 * Queues an SMS in the caller's transaction: it is stored (status `queued`) with the change it
 * tells about, or not at all, and sent by a job once the transaction commits (the database
 * tells every server on commit; a sweep every minute catches one that nobody heard). Exactly
 * once per committed message where the gateway takes our message id (decision 059). `text` is
 * sent as given; `to` is a Bangladeshi mobile number (01XXXXXXXXX or 8801XXXXXXXXX).
 * Answers the message's id.
 */
export async function queueSms(
  tx: Db,
  message: {
    orderId: string | null;
    to: string;
    event: SmsEvent;
    text: string;
    language?: MessageLanguage;
  },
): Promise<string> {
  const id = newId();
  await tx.insert(messages).values({
    id,
    orderId: message.orderId,
    channel: "sms",
    event: message.event,
    to: message.to,
    text: message.text,
    ...(message.language ? { language: message.language } : {}),
  });
  return id;
}

/**
 * Queues the customer's SMS (and email, when the order has an address) about `event` on an
 * order, in the caller's transaction. Their text is written from the event's template when
 * they are first sent.
 */
export async function queueOrderMessages(tx: Db, orderId: string, event: SmsEvent): Promise<void> {
  await tx.execute(sql`
    insert into ${messages} (id, order_id, channel, event, "to", language)
    select ${newId()}, o.id, 'sms', ${event}, o.mobile_number, o.language
      from orders o where o.id = ${orderId}
    union all
    select ${newId()}, o.id, 'email', ${event}, o.customer_email, o.language
      from orders o where o.id = ${orderId} and o.customer_email <> ''`);
}

/** The customer's messages about an order's move to `status` (none for a move they need not hear of). */
export async function queueStatusMessages(tx: Db, orderId: string, status: string): Promise<void> {
  const event = eventForStatus(status);
  if (event) await queueOrderMessages(tx, orderId, event);
}

/**
 * The "order placed" messages as a part of the order's own insert statement (decision 026):
 * `orderCte` names the CTE that answers the new order's `id`.
 */
export function placedMessagesSql(
  orderCte: string,
  customer: { mobileNumber: string; email: string; language: MessageLanguage },
) {
  const from = sql.raw(orderCte);
  const email = customer.email.trim().toLowerCase();
  return sql`insert into ${messages} (id, order_id, channel, event, "to", language)
    select ${newId()}, ${from}.id, 'sms', 'order_placed', ${customer.mobileNumber}, ${customer.language} from ${from}
    union all
    select ${newId()}, ${from}.id, 'email', 'order_placed', ${email}, ${customer.language} from ${from}
      where ${email} <> ''`;
}
