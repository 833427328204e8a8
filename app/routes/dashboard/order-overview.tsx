import { OrderOverview } from "../../features/orders/order-overview";
import { appOf, requireUser } from "../../lib/context.server";
import { orderForPage } from "../../lib/orders.server";
import type { Route } from "./+types/order-overview";

/** Spec §2 order overview: admins open every order, customers their own; else the 404 page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const order = await orderForPage(appOf(context), user, params.id);
  return { order, viewerRole: user.role };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `Order #${loaderData.order.orderNumber} | Dashboard` : "Order" },
    { name: "robots", content: "noindex" },
  ];
}

export default function OrderOverviewRoute({ loaderData }: Route.ComponentProps) {
  return <OrderOverview order={loaderData.order} viewerRole={loaderData.viewerRole} />;
}
