import type { Actor } from "~/core/actor";
import { isQueueFilter, type QueueFilter } from "~/core/order-calls";
import type { OrderList } from "~/core/order-lists";
import { ORDER_PAGE_SIZE, ORDER_SEARCH_MAX } from "~/core/order-lists";
import type { AppContext } from "~/server/app-context";
import {
  countOrdersByStatus,
  dailyOrderStats,
  getOrderDetail,
  listOrders,
} from "~/server/services/order-queries";
import { countProducts } from "~/server/services/products";
import { orPageError } from "./page-error.server";

/** The admins' Pending list is the confirmation queue (decision 057). */
export function isConfirmationQueue(list: OrderList, actor: Actor): boolean {
  // The Unverified list (decision 060) is worked the same way: call, then confirm or cancel.
  return (
    (list.slug === "pendingOrders" || list.slug === "unverifiedOrders") && actor.role === "admin"
  );
}

/**
 * A dashboard order list page: `?q=` searches, `?cursor=` pages, and on the confirmation queue
 * `?calls=` filters (all from the URL, so no JS is needed).
 */
export async function orderListPage(ctx: AppContext, actor: Actor, list: OrderList, url: URL) {
  const search = (url.searchParams.get("q") ?? "").slice(0, ORDER_SEARCH_MAX);
  const cursor = url.searchParams.get("cursor") ?? undefined;
  const calls = url.searchParams.get("calls");
  const queueFilter: QueueFilter | null = isQueueFilter(calls) ? calls : null;
  const queue = isConfirmationQueue(list, actor)
    ? {
        retryMinutes: ctx.config.NO_ANSWER_RETRY_MINUTES,
        ...(queueFilter ? { filter: queueFilter } : {}),
      }
    : undefined;
  const page = await orPageError(
    listOrders(ctx.db, actor, {
      statuses: list.statuses,
      search,
      cursor,
      limit: ORDER_PAGE_SIZE,
      returnDays: ctx.config.RETURN_DAYS,
      riskMaxReturns: ctx.config.RISK_MAX_RETURNS,
      awaitingCode: list.awaitingCode ?? false,
      ...(queue ? { queue } : {}),
    }),
  );
  return {
    ...page,
    search,
    ...(queue
      ? { queue: { filter: queueFilter, retryMinutes: ctx.config.NO_ANSWER_RETRY_MINUTES } }
      : {}),
  };
}

/** The order overview and invoice: admins see every order, customers their own; anything else is a 404 page. */
export function orderForPage(ctx: AppContext, actor: Actor, id: string) {
  return orPageError(
    getOrderDetail(ctx.db, actor, id, {
      returnDays: ctx.config.RETURN_DAYS,
      riskMaxReturns: ctx.config.RISK_MAX_RETURNS,
    }),
  );
}

/** Dashboard home: the viewer's order counts per status; for admins also the product count and the 30-day chart. */
export async function dashboardOrderSummary(ctx: AppContext, actor: Actor) {
  const counts = await countOrdersByStatus(ctx.db, actor);
  if (actor.role !== "admin") return { counts, totalProducts: null, daily: null };
  const [totalProducts, daily] = await Promise.all([
    // Counting reads every row of the catalogue: once per catalogue change, not per visit.
    ctx.catalogueCache.get("product-count", () => countProducts(ctx.db)),
    dailyOrderStats(ctx.db, 30),
  ]);
  return { counts, totalProducts, daily };
}
