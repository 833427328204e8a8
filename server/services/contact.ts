import { and, desc, eq, isNull, type SQL } from "drizzle-orm";
import type { Actor } from "~/core/actor";
import { normalizePhone } from "~/core/phone";
import { contactInputSchema } from "~/core/schemas";
import type { Db } from "../db/client";
import { newId } from "../db/ids";
import { encodeCursor, olderThan } from "../db/keyset";
import { contactMessages } from "../db/schema";
import { AppError } from "../errors";
import { addressSubject } from "../rate-limit/address";
import type { RateLimiter } from "../rate-limit/limiter";
import { assertAdmin } from "./authorize";

/**
 * Stores a contact-form message for the shop's staff (decisions.md: the spec only logs it).
 * Input is checked with the same schema as the form; bad input stores nothing.
 */
export async function createContactMessage(
  db: Db,
  input: unknown,
  now: Date = new Date(),
): Promise<{ insertedId: string }> {
  const parsed = contactInputSchema.safeParse(input);
  if (!parsed.success) throw AppError.fromZod(parsed.error);
  const id = newId();
  await db.insert(contactMessages).values({ id, ...parsed.data, createdAt: now });
  return { insertedId: id };
}

/**
 * A message from the Contact us form or POST /api/contact: checked, then counted against the
 * sender's address, email and phone (refused with RateLimitedError past a limit), then stored.
 */
export async function sendContactMessage(
  app: { db: Db; rateLimiter: RateLimiter },
  input: unknown,
  fromAddress: string,
): Promise<{ insertedId: string }> {
  const parsed = contactInputSchema.safeParse(input);
  if (!parsed.success) throw AppError.fromZod(parsed.error);
  await app.rateLimiter.consume(
    ["contactPerAddress", addressSubject(fromAddress)],
    ["contactPerEmail", parsed.data.email.toLowerCase()],
    ["contactPerPhone", normalizePhone(parsed.data.phoneNumber)],
  );
  return createContactMessage(app.db, parsed.data);
}

export type ContactMessage = {
  _id: string;
  name: string;
  email: string;
  phoneNumber: string;
  subject: string;
  description: string;
  createdAt: string;
  readAt: string | null;
};

export type ContactMessagePage = {
  data: ContactMessage[];
  nextCursor: string | null;
  unread: number;
};

function toMessage(row: typeof contactMessages.$inferSelect): ContactMessage {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber,
    subject: row.subject,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** Messages for the shop's staff, newest first, keyset-paginated, with the number still unread. */
export async function listContactMessages(
  db: Db,
  options: { limit: number; cursor?: string },
): Promise<ContactMessagePage> {
  const where: SQL[] = [];
  if (options.cursor) {
    where.push(olderThan(contactMessages.createdAt, contactMessages.id, options.cursor));
  }
  const [rows, unread] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(and(...where))
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(options.limit + 1),
    db.$count(contactMessages, isNull(contactMessages.readAt)),
  ]);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    data: page.map(toMessage),
    nextCursor: rows.length > options.limit && last ? encodeCursor(last.createdAt, last.id) : null,
    unread,
  };
}

/** Marks a message read (or unread again); 404 for an unknown id. Admins only. */
export async function setContactMessageRead(
  db: Db,
  actor: Pick<Actor, "role"> | null,
  id: string,
  read: boolean,
  now: Date = new Date(),
): Promise<ContactMessage> {
  assertAdmin(actor);
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: read ? now : null })
    .where(eq(contactMessages.id, id))
    .returning();
  if (!row) throw AppError.notFound("Message");
  return toMessage(row);
}
