import type { ShouldRevalidateFunctionArgs } from "react-router";
import { courierAction, isCourierForm } from "~/app/features/orders/courier-actions.server";
import { CourierPanel } from "~/app/features/orders/courier-panel";
import { CustomerMessages } from "~/app/features/orders/customer-messages";
import { isCallFormPost, orderCallAction } from "~/app/features/orders/order-calls.server";
import { orderChangeAction } from "~/app/features/orders/order-changes.server";
import { OrderOverview } from "~/app/features/orders/order-overview";
import { orderNo } from "~/app/features/orders/order-text";
import { englishPlaceNames } from "~/app/features/orders/place-names.server";
import { routeMessages } from "~/app/i18n/catalog.server";
import { metaTranslator } from "~/app/i18n/use-i18n";
import { appOf, requireUser } from "~/app/lib/context.server";
import { orderForPage } from "~/app/lib/orders.server";
import { listOrderMessages } from "~/server/notify/messages";
import type { Route } from "./+types/order-overview";

/** Spec §2 order overview: admins open every order, customers their own; else the 404 page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const order = await orderForPage(appOf(context), user, params.id);
  const offered = user.role === "admin" ? appOf(context).couriers.offered() : [];
  const sentMessages =
    user.role === "admin" ? await listOrderMessages(appOf(context).db, user, params.id) : [];
  const placeNames = englishPlaceNames(order.customerData.district, order.customerData.thana);
  return {
    order,
    viewerRole: user.role,
    offered,
    sentMessages,
    placeNames,
    messages: routeMessages(context, "dashOrders"),
  };
}

/** The overview's buttons: the same services as the JSON API (features/orders/order-changes.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  if (await isCallFormPost(request)) return orderCallAction(request, context);
  // Booking forms (Book with …, Retry, the courier area) go to the courier services.
  if (await isCourierForm(request)) return courierAction(request, context);
  return orderChangeAction(request, context, { leavesPage: true });
}

/** A deleted order has no overview to reload: the page goes on to its list instead. */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const result = actionResult as { ok?: unknown; kind?: unknown } | undefined;
  if (result?.ok === true && result.kind === "delete") return false;
  return defaultShouldRevalidate;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const tr = metaTranslator(matches);
  return [
    {
      title: loaderData
        ? tr.t("dash.orders.meta.order", { number: orderNo(tr, loaderData.order.orderNumber) })
        : tr.t("dash.orders.meta.orderFallback"),
    },
    { name: "robots", content: "noindex" },
  ];
}

export default function OrderOverviewRoute({ loaderData }: Route.ComponentProps) {
  return (
    <OrderOverview
      order={loaderData.order}
      viewerRole={loaderData.viewerRole}
      placeNames={loaderData.placeNames}
      extra={
        <>
          <CourierPanel
            order={loaderData.order}
            viewerRole={loaderData.viewerRole}
            offered={loaderData.offered}
          />
          {loaderData.viewerRole === "admin" ? (
            <CustomerMessages messages={loaderData.sentMessages} />
          ) : null}
        </>
      }
    />
  );
}
