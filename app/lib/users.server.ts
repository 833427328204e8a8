import { USER_SEARCH_MAX, userQuerySchema } from "~/core/schemas";
import type { AppContext } from "~/server/app-context";
import { AppError } from "~/server/errors";
import { listUsers } from "~/server/services/users";
import { orPageError, pageError } from "./page-error.server";

/** Users shown per page of /dashboard/allUsers. */
export const USERS_PAGE_SIZE = 50;

/**
 * One page of /dashboard/allUsers from its URL: `q` searches name and email (cut to the
 * schema's length), `cursor` is where the previous page ended and `from` the number of its first
 * row (for the # column). A cursor the server refuses is the error page that links to the first
 * page, as on every other list (app/lib/list-cursor.ts).
 */
export async function usersPage(ctx: AppContext, url: URL) {
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, USER_SEARCH_MAX);
  const parsed = userQuerySchema.safeParse({
    search,
    cursor: url.searchParams.get("cursor") ?? undefined,
    limit: USERS_PAGE_SIZE,
  });
  if (!parsed.success) throw pageError(AppError.fromZod(parsed.error));
  const query = parsed.data;
  const from = Number(url.searchParams.get("from"));
  const page = await orPageError(listUsers(ctx.db, query));
  return { ...page, search, from: query.cursor && Number.isInteger(from) && from > 0 ? from : 1 };
}
