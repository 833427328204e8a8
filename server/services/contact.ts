import { contactInputSchema } from "../../core/schemas";
import type { Db } from "../db/client";
import { newId } from "../db/ids";
import { contactMessages } from "../db/schema";
import { AppError } from "../errors";

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
