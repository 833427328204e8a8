import { userQuerySchema } from "~/core/schemas";
import type { AppContext } from "~/server/app-context";
import { AppError } from "~/server/errors";
import { listUsers } from "~/server/services/users";

/** Users shown per page of /dashboard/allUsers. */
export const USERS_PAGE_SIZE = 50;

/**
 * One page of /dashboard/allUsers from its URL: `q` searches name and email, `cursor` is where
 * the previous page ended and `from` the number of its first row (for the # column). A bad
 * cursor starts again at the first page.
 */
export async function usersPage(ctx: AppContext, url: URL) {
  const parsed = userQuerySchema.safeParse({
    search: url.searchParams.get("q") ?? undefined,
    cursor: url.searchParams.get("cursor") ?? undefined,
    limit: USERS_PAGE_SIZE,
  });
  const query = parsed.success ? parsed.data : { limit: USERS_PAGE_SIZE };
  const from = Number(url.searchParams.get("from"));
  const search = query.search ?? "";
  try {
    const page = await listUsers(ctx.db, query);
    return { ...page, search, from: query.cursor && Number.isInteger(from) && from > 0 ? from : 1 };
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== "invalid") throw err;
    return { ...(await listUsers(ctx.db, { ...query, cursor: undefined })), search, from: 1 };
  }
}
