import { data } from "react-router";
import { courierAction, isCourierForm } from "~/app/features/orders/courier-actions.server";
import { isCallFormPost, orderCallAction } from "~/app/features/orders/order-calls.server";
import { orderChangeAction } from "~/app/features/orders/order-changes.server";
import { OrderListPage } from "~/app/features/orders/order-list-page";
import { listTitle } from "~/app/features/orders/order-text";
import { orderListForPath } from "~/app/features/orders/paths";
import { routeMessages } from "~/app/i18n/catalog.server";
import { metaTranslator } from "~/app/i18n/use-i18n";
import { appOf, requireAdmin, requireUser } from "~/app/lib/context.server";
import { orderListPage } from "~/app/lib/orders.server";
import { refusalInit } from "~/app/lib/page-error.server";
import type { Route } from "./+types/order-list";

/**
 * Every order list of spec §2 (registered once per path in app/routes.ts). Admin lists need an
 * admin; the customer lists show the viewer's own orders, also when the viewer is an admin.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const list = orderListForPath(url.pathname);
  if (!list) throw data({ message: "Not found" }, refusalInit(404));
  const user =
    list.role === "admin" ? requireAdmin(request, context) : requireUser(request, context);
  const viewer = list.role === "customer" ? { ...user, role: "customer" as const } : user;
  const page = await orderListPage(appOf(context), viewer, list, url);
  const offered = list.role === "admin" ? appOf(context).couriers.offered() : [];
  return {
    list,
    page,
    continued: url.searchParams.has("cursor"),
    viewerRole: user.role,
    offered,
    messages: routeMessages(context, "dashOrders"),
  };
}

/** An order's buttons on the list: the same services as the JSON API (features/orders/order-changes.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  if (await isCallFormPost(request)) return orderCallAction(request, context);
  // The bulk form and the booking buttons go to the courier and bulk services.
  if (await isCourierForm(request)) return courierAction(request, context);
  return orderChangeAction(request, context);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const tr = metaTranslator(matches);
  const title = loaderData ? listTitle(tr, loaderData.list) : tr.t("dash.orders.meta.orders");
  return [
    { title: tr.t("dash.orders.meta.list", { title }) },
    { name: "robots", content: "noindex" },
  ];
}

export default function OrderListRoute({ loaderData }: Route.ComponentProps) {
  return <OrderListPage {...loaderData} />;
}
