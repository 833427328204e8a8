import { data } from "react-router";
import { orPageError } from "~/app/lib/page-error.server";
import type { AppContext } from "~/server/app-context";
import { AppError, RateLimitedError } from "~/server/errors";
import { listContactMessages, sendContactMessage } from "~/server/services/contact";
import {
  type ContactErrors,
  type ContactValues,
  contactValuesFrom,
  errorsFromIssues,
} from "./validate";

export type ContactActionResult =
  | { ok: true; insertedId: string }
  | { ok: false; errors: ContactErrors; values: ContactValues; message?: string };

/**
 * The Contact us form's action: the same service (schema and rate limits) as POST /api/contact.
 * `fromAddress` is the client's connection address.
 */
export async function submitContactForm(ctx: AppContext, request: Request, fromAddress: string) {
  const values = contactValuesFrom(await request.formData());
  try {
    const { insertedId } = await sendContactMessage(ctx, values, fromAddress);
    return { ok: true, insertedId } satisfies ContactActionResult;
  } catch (err) {
    if (err instanceof RateLimitedError) {
      const result: ContactActionResult = { ok: false, errors: {}, values, message: err.message };
      return data(result, { status: 429, headers: { "Retry-After": String(err.retryAfter) } });
    }
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
export function contactMessagesPage(ctx: AppContext, url: URL) {
  return orPageError(
    listContactMessages(ctx.db, {
      limit: MESSAGES_PAGE_SIZE,
      cursor: url.searchParams.get("cursor") ?? undefined,
    }),
  );
}
