import { data } from "react-router";
import { OrderInvoice } from "~/app/features/orders/order-invoice";
import { routeMessages } from "~/app/i18n/catalog.server";
import { metaTranslator } from "~/app/i18n/use-i18n";
import { appOf, requireUser } from "~/app/lib/context.server";
import { orderForPage } from "~/app/lib/orders.server";
import { refusalInit } from "~/app/lib/page-error.server";
import { shopInfo } from "~/app/lib/shop.server";
import type { Route } from "./+types/order-invoice";

/**
 * Spec §2 invoice at /dashboard/order-overview/{id}/invoice/{id}. decisions.md: admins for
 * every order, customers for their own; anything else (or two different ids) is the 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const ctx = appOf(context);
  if (params.invoiceId !== params.id) throw data({ message: "Not found" }, refusalInit(404));
  const order = await orderForPage(ctx, user, params.id);
  const shop = shopInfo(ctx);
  return {
    order,
    shop: { name: shop.name, address: shop.address, phone: shop.phone, email: shop.email },
    messages: routeMessages(context, "dashPaper"),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { t, digits } = metaTranslator(matches);
  return [
    {
      title: loaderData
        ? t("dash.paper.invoice.title", { number: digits(String(loaderData.order.orderNumber)) })
        : t("dash.paper.invoice.titlePlain"),
    },
    { name: "robots", content: "noindex" },
  ];
}

export default function OrderInvoiceRoute({ loaderData }: Route.ComponentProps) {
  return <OrderInvoice order={loaderData.order} shop={loaderData.shop} />;
}
