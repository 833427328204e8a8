import { data } from "react-router";
import { AppError } from "../../../server/errors";
import { createContactMessage, listContactMessages } from "../../../server/services/contact";
import { serverContext } from "../../lib/server-context.server";
import {
  type ContactErrors,
  type ContactValues,
  contactValuesFrom,
  errorsFromIssues,
} from "./validate";

export type ContactActionResult =
  | { ok: true; insertedId: string }
  | { ok: false; errors: ContactErrors; values: ContactValues };

/** The Contact us form's action: the same service (and schema) as POST /api/contact. */
export async function submitContactForm(request: Request) {
  const values = contactValuesFrom(await request.formData());
  const ctx = await serverContext();
  try {
    const { insertedId } = await createContactMessage(ctx.db, values);
    return { ok: true, insertedId } satisfies ContactActionResult;
  } catch (err) {
    if (err instanceof AppError && err.code === "invalid") {
      const result: ContactActionResult = {
        ok: false,
        errors: errorsFromIssues(err.issues ?? []),
        values,
      };
      return data(result, { status: 400 });
    }
    throw err;
  }
}

/** Rows per page of the admin's message list. */
const MESSAGES_PAGE_SIZE = 20;

/** The admin's Messages page: a page of stored messages (`?cursor=` from the URL). */
export async function contactMessagesPage(url: URL) {
  const ctx = await serverContext();
  try {
    return await listContactMessages(ctx.db, {
      limit: MESSAGES_PAGE_SIZE,
      cursor: url.searchParams.get("cursor") ?? undefined,
    });
  } catch (err) {
    if (err instanceof AppError && err.code === "invalid") {
      throw data({ message: "This page of messages does not exist" }, { status: 400 });
    }
    throw err;
  }
}
