import { data } from "react-router";
import type { OrderList } from "../../core/order-lists";
import { ORDER_PAGE_SIZE, ORDER_SEARCH_MAX } from "../../core/order-lists";
import type { SessionUser } from "../../core/session-user";
import { AppError } from "../../server/errors";
import {
  countOrdersByStatus,
  dailyOrderStats,
  getOrderDetail,
  listOrders,
  type OrderViewer,
} from "../../server/services/order-queries";
import { countProducts } from "../../server/services/products";
import { serverContext } from "./server-context.server";

export function orderViewer(user: SessionUser): OrderViewer {
  return {
    userId: user.id,
    email: user.email,
    role: user.role,
    emailVerified: user.emailVerified,
  };
}

/** A dashboard order list page: `?q=` searches, `?cursor=` pages (both from the URL, so no JS is needed). */
export async function orderListPage(user: SessionUser, list: OrderList, url: URL) {
  const ctx = await serverContext();
  const search = (url.searchParams.get("q") ?? "").slice(0, ORDER_SEARCH_MAX);
  const cursor = url.searchParams.get("cursor") ?? undefined;
  try {
    const page = await listOrders(ctx.db, orderViewer(user), {
      statuses: list.statuses,
      search,
      cursor,
      limit: ORDER_PAGE_SIZE,
      returnDays: ctx.config.RETURN_DAYS,
    });
    return { ...page, search };
  } catch (err) {
    if (err instanceof AppError && err.code === "invalid") {
      throw data({ message: "This page of orders does not exist" }, { status: 400 });
    }
    throw err;
  }
}

/** The order overview and invoice: admins see every order, customers their own; anything else is a 404 page. */
export async function orderForPage(user: SessionUser, id: string) {
  const ctx = await serverContext();
  try {
    return await getOrderDetail(ctx.db, orderViewer(user), id, {
      returnDays: ctx.config.RETURN_DAYS,
    });
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") {
      throw data({ message: "Order not found" }, { status: 404 });
    }
    throw err;
  }
}

/** Dashboard home: the viewer's order counts per status; for admins also the product count and the 30-day chart. */
export async function dashboardOrderSummary(user: SessionUser) {
  const ctx = await serverContext();
  const counts = await countOrdersByStatus(ctx.db, orderViewer(user));
  if (user.role !== "admin") return { counts, totalProducts: null, daily: null };
  const [totalProducts, daily] = await Promise.all([
    // Counting reads every row of the catalogue: once per catalogue change, not per visit.
    ctx.catalogueCache.get("product-count", () => countProducts(ctx.db)),
    dailyOrderStats(ctx.db, 30),
  ]);
  return { counts, totalProducts, daily };
}
